import LinkstrMediaKit

print("linkstr-media-bench")
