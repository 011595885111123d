// The API reference the server shows at /api/docs: Swagger UI on the document the server
// generates from its handlers (GET /api/openapi.json). Bundled with the console and served by
// the server, so nothing is fetched from elsewhere (the validator badge, which would call
// validator.swagger.io, is off).
import SwaggerUI from "swagger-ui-dist/swagger-ui-es-bundle.js";
import "swagger-ui-dist/swagger-ui.css";
import "./api-docs.css";

type System = { React: { createElement: (...args: unknown[]) => unknown } };

// Two gaps axe finds in Swagger UI's page: its title block is outside any landmark (a banner
// makes it one), and its h1 is followed by the groups' h3s (an h2 names the list between them).
const accessibleLayout = () => ({
  wrapComponents: {
    InfoContainer: (Original: unknown, { React }: System) => (props: object) =>
      React.createElement("header", { role: "banner" }, React.createElement(Original, props)),
    operations: (Original: unknown, { React }: System) => (props: object) =>
      React.createElement(
        "section",
        { "aria-labelledby": "routes-heading" },
        React.createElement("h2", { id: "routes-heading", className: "routes-heading" }, "Routes"),
        React.createElement(Original, props),
      ),
  },
});

SwaggerUI({
  url: "/api/openapi.json",
  domNode: document.getElementById("api-docs"),
  validatorUrl: null,
  plugins: [accessibleLayout],
  // Deep links put a link inside each operation's toggle button (nested controls, axe).
  deepLinking: false,
  // "Try it out" stays a click away: it sends real requests, as the logged-in user.
  tryItOutEnabled: false,
});
