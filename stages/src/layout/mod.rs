//! Layout: content-independent layout engines that turn resolved items into frames.

pub mod inline;
