/**
 * The Content-Security-Policy of the example platform: a strict policy of its own
 * (`'self'` only) plus exactly what embedding the components needs from the connect host,
 * and nothing else. docs/platform-csp.md documents it directive by directive; the browser
 * test (test/e2e/platform.e2e.ts) fails on any violation.
 */

/** What the connect host needs in a platform's CSP (docs/platform-csp.md). */
export function connectHostDirectives(connectOrigin: string): Record<string, string[]> {
  return {
    // The classic script (and the chunks it loads) from the connect host's versioned path.
    "script-src": [connectOrigin],
    // The hidden data-layer frame and one UI frame per component.
    "frame-src": [connectOrigin],
  };
}

/** The platform's own policy: everything from its own origin, no inline code, no eval. */
const ownDirectives: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "frame-src": [],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

export function platformCsp(connectOrigin: string): string {
  const directives: Record<string, string[]> = structuredClone(ownDirectives);
  for (const [name, values] of Object.entries(connectHostDirectives(connectOrigin)))
    directives[name] = [...(directives[name] ?? []), ...values];
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.length ? values.join(" ") : "'none'"}`)
    .join("; ");
}
