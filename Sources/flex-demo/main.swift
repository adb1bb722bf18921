print("flex-demo")
