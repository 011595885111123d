//! How routes are mounted: only with their documentation. A [`Routes`] takes handlers through
//! `utoipa_axum::routes!`, which reads each handler's `#[utoipa::path]` (method, path,
//! parameters, bodies, answers, security); the router mounts exactly the method and path the
//! document describes, from the same attribute. There is no way to mount a route without one,
//! so the OpenAPI document (`api/http/openapi.rs`) can neither miss a route nor describe one that
//! is not mounted.

use std::convert::Infallible;

use axum::extract::Request;
use axum::handler::Handler;
use axum::response::IntoResponse;
use axum::routing::Route;
use axum::Router;
use tower::{Layer, Service};
use utoipa::openapi::OpenApi;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

/// Documented routes and their OpenAPI paths, built together; `S` is the handlers' state
/// (`AppState`).
pub struct Routes<S>(OpenApiRouter<S>);

impl<S: Clone + Send + Sync + 'static> Default for Routes<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Clone + Send + Sync + 'static> Routes<S> {
    pub fn new() -> Self {
        Routes(OpenApiRouter::new())
    }

    /// Mounts handlers of one path (`routes!(get_x, put_x)`), each by its `#[utoipa::path]`.
    pub fn routes(self, handlers: UtoipaMethodRouter<S>) -> Self {
        // `routes!` mounts its method router on every path it names: one path per call.
        assert_eq!(
            handlers.1.paths.len(),
            1,
            "one path per routes!(…): {:?}",
            handlers.1.paths.keys().collect::<Vec<_>>()
        );
        Routes(self.0.routes(handlers))
    }

    pub fn merge(self, other: Routes<S>) -> Self {
        Routes(self.0.merge(other.0))
    }

    pub fn nest(self, path: &str, other: Routes<S>) -> Self {
        Routes(self.0.nest(path, other.0))
    }

    /// Answers requests no route matches (documented with the API's errors, not as a route).
    pub fn fallback<H, T>(self, handler: H) -> Self
    where
        H: Handler<T, S>,
        T: 'static,
    {
        Routes(self.0.fallback(handler))
    }

    pub fn layer<L>(self, layer: L) -> Self
    where
        L: Layer<Route> + Clone + Send + Sync + 'static,
        L::Service: Service<Request> + Clone + Send + Sync + 'static,
        <L::Service as Service<Request>>::Response: IntoResponse + 'static,
        <L::Service as Service<Request>>::Error: Into<Infallible> + 'static,
        <L::Service as Service<Request>>::Future: Send + 'static,
    {
        Routes(self.0.layer(layer))
    }

    /// The router and the document of its routes.
    pub fn split(self) -> (Router<S>, OpenApi) {
        self.0.split_for_parts()
    }
}
