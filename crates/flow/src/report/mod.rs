//! The reports of a run, in one direction: the records (`crate::results`) and the published
//! data ([`published`]) make the [`model`], where every derived figure is computed once;
//! the renderers read the model only: [`markdown`] (with [`seed_tables`], [`hw_tables`],
//! [`asic`], [`seed003`] and `crate::findings`), [`html`] (from the Markdown), [`csv`] and
//! [`charts`] (what each figure shows; [`figure`] draws them). `crate::reproduce`, on top,
//! measures, builds the model and writes every report.

pub mod asic;
pub mod charts;
pub mod csv;
pub mod figure;
pub mod html;
pub mod hw_tables;
pub mod markdown;
pub mod model;
pub mod published;
pub mod seed003;
pub mod seed_tables;
pub mod table;
