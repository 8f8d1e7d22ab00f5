public enum NostrCorePlaceholder {}
