print("flex-bench")
