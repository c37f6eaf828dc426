//! quire: the pipeline (stage actors, driver, store), the file-system world and the CLI.
