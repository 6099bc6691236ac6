// Starts Swagger UI on the documentation page. It is a file of its own because
// the page's Content-Security-Policy allows no inline script.
window.ui = SwaggerUIBundle({
  url: new URL('openapi.json', document.baseURI).href,
  dom_id: '#swagger-ui',
  // BaseLayout: the standalone layout's top bar brings an SVG with an inline <style>, which the policy refuses.
  layout: 'BaseLayout',
  presets: [SwaggerUIBundle.presets.apis],
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  // No badge from validator.swagger.io: the page makes no request to another host.
  validatorUrl: null,
});
