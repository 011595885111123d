// Builds a host page with the Beckon embed exactly as a site owner pastes it (docs/architecture.md "Contracts").

/** JSON that is safe inside an inline <script>: no "</script>" or "<!--" can end it early. */
export function inlineJson(value) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * config: the CNB_DATA object, or undefined for a page without one.
 * viewport: false leaves out the viewport meta tag (startup code 2).
 * rawData: a string written verbatim as the CNB_DATA expression (for malformed-config tests).
 */
export function embedPage({ config, rawData, title = "Beckon test page", head = "", body = "", viewport = true, dir, loaderSrc = "/static/beckon.js" } = {}) {
  const data = rawData ?? (config === undefined ? undefined : inlineJson(config));
  return `<!doctype html>
<html lang="en"${dir ? ` dir="${dir}"` : ""}>
<head>
<meta charset="utf-8">
${viewport ? '<meta name="viewport" content="width=device-width, initial-scale=1">' : ""}
<title>${title}</title>
${head}
</head>
<body>
${body}
${data === undefined ? "" : `<script>window.CNB_DATA = ${data};</script>`}
<script async src="${loaderSrc}"></script>
</body>
</html>`;
}
