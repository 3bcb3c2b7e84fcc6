public enum SimulationPlaceholder {}
