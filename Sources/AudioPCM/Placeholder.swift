// Placeholder; replaced by the AudioPCM implementation.
public enum AudioPCMPlaceholder {}
