// @ts-check
// A path whose percent-encoding does not decode (a cut escape "%E0%A4%A", an encoded lone
// surrogate "%ED%A0%80") makes Next's router throw, a 500 on any route. No route can match such
// a path, so the server answers it itself, before Next: 400 with a problem document, like every
// other malformed request of the API.

/** @param {string | undefined} url */
export function isMalformedPath(url) {
  try {
    decodeURIComponent((url ?? "/").split("?", 1)[0] ?? "/");
    return false;
  } catch {
    return true;
  }
}

/** @param {import("node:http").ServerResponse} res */
export function refuseMalformedPath(res) {
  const body = JSON.stringify({
    type: "https://docs.once.example/problems/validation-failed",
    title: "Request validation failed",
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "the path is not valid percent-encoded UTF-8",
    retryable: false,
  });
  res.writeHead(400, {
    "content-type": "application/problem+json",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  });
  res.end(body);
}
