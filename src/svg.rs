//! Pictures of the matrix and the search tree, as SVG (to be written).
