//! Teaching: the search shown to people, as text, pictures and a page.
//!
//! Every module here works on any [`Problem`](crate::Problem), naming its
//! items and options through a [`Labels`](crate::problem::Labels) (a
//! domain, such as Sudoku, brings its own names); none
//! knows of a domain.
//!
//! * [`links`]: [`Links`](links::Links), a plain copy of Knuth's DLX1
//!   (DLX2 with colours) links in ordinary vectors, that the others keep in
//!   step with the engine;
//! * [`trace`]: [`Tracer`](trace::Tracer), the search as an indented tree
//!   of text, one line per step a learner needs;
//! * [`tree`]: [`SearchTree`](tree::SearchTree), the search tree recorded
//!   as data;
//! * [`recording`]: [`Recorder`](recording::Recorder) and
//!   [`Recording`](recording::Recording), every step and what it did to the
//!   links, as data and JSON;
//! * [`svg`]: pictures of the matrix (as Knuth draws them) and of the
//!   search tree;
//! * [`html`]: an interactive page that replays a recording step by step
//!   (and, with [`deduction`], steps through a solve by logic);
//! * [`deduction`]: [`Deductions`](deduction::Deductions), a path of steps
//!   of logic (rule, words, base and cover items, options removed and
//!   forced) as data, for the page and as a text trace.
//!
//! Teach names the engine and the problem, no other layer.

pub mod deduction;
pub mod html;
pub mod links;
pub mod recording;
pub mod svg;
pub mod trace;
pub mod tree;
