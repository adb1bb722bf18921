#if canImport(os)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif canImport(Bionic)
  import Bionic
#elseif canImport(WinSDK)
  import WinSDK
#elseif canImport(wasi_pthread)
  import wasi_pthread
#elseif os(WASI)
  // WebAssembly without threads: nothing to lock against (below).
#else
  #error("FlexDecoder has no lock for this platform: add a branch to PlatformLock.swift")
#endif

/// The platform's plain mutual-exclusion lock, stored in place (in ``LockedState``'s buffer).
///
/// | platform | lock |
/// | --- | --- |
/// | Apple platforms | `os_unfair_lock` |
/// | Linux (Glibc, Musl), Android, FreeBSD, OpenBSD, WASI with threads | `pthread_mutex_t` |
/// | Windows | `SRWLOCK`, taken exclusively |
/// | WASI without threads | none: one thread cannot race with itself |
///
/// Any other platform stops the build with an `#error` that names this file.
enum PlatformLock {
  #if canImport(os)
    typealias Primitive = os_unfair_lock
  #elseif canImport(WinSDK)
    typealias Primitive = SRWLOCK
  #elseif os(WASI) && !canImport(wasi_pthread)
    typealias Primitive = Void
  #else
    typealias Primitive = pthread_mutex_t
  #endif

  /// Initializes the lock at `lock`, whose memory is uninitialized.
  @inline(__always)
  static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
    #if canImport(os)
      lock.initialize(to: os_unfair_lock())
    #elseif canImport(WinSDK)
      lock.initialize(to: SRWLOCK())
      InitializeSRWLock(lock)
    #elseif os(WASI) && !canImport(wasi_pthread)
      lock.initialize(to: ())
    #else
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    #endif
  }

  /// Tears the lock at `lock` down, leaving its memory uninitialized.
  @inline(__always)
  static func deinitialize(_ lock: UnsafeMutablePointer<Primitive>) {
    #if !canImport(os) && !canImport(WinSDK) && !(os(WASI) && !canImport(wasi_pthread))
      pthread_mutex_destroy(lock)
    #endif
    lock.deinitialize(count: 1)
  }

  /// Takes the lock, waiting for it.
  @inline(__always)
  static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
    #if canImport(os)
      os_unfair_lock_lock(lock)
    #elseif canImport(WinSDK)
      AcquireSRWLockExclusive(lock)
    #elseif os(WASI) && !canImport(wasi_pthread)
      return
    #else
      pthread_mutex_lock(lock)
    #endif
  }

  /// Releases the lock.
  @inline(__always)
  static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
    #if canImport(os)
      os_unfair_lock_unlock(lock)
    #elseif canImport(WinSDK)
      ReleaseSRWLockExclusive(lock)
    #elseif os(WASI) && !canImport(wasi_pthread)
      return
    #else
      pthread_mutex_unlock(lock)
    #endif
  }
}
