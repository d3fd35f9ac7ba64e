// GestureEngine: see DESIGN.md §1. Grows with its issue.
import GestureGeometry
