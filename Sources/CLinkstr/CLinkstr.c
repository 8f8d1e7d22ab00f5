/* linkstr.h is the embedding API; LinkstrC implements it in Swift. */
