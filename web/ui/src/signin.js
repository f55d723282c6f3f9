// Signing in: the session's CSRF token (from the page's meta element,
// for the requests that change something) and the Sign out button.

// The Activity's session, held by the page (inside Discord's iframe,
// cookies are unreliable): sent as "Authorization: Bearer" by api.
let bearer = "";
let bearerCSRF = "";

// useSession makes every request of api and post carry session token
// (and its CSRF token) from then on.
export function useSession(token, csrf) {
  bearer = token;
  bearerCSRF = csrf;
}

// api is fetch with the Activity's session, when there is one.
export function api(url, init = {}) {
  if (bearer) init.headers = Object.assign({}, init.headers, { Authorization: "Bearer " + bearer });
  return fetch(url, init);
}

// csrfToken is the session's CSRF token, "" when signed out. Every
// state-changing request sends it in the X-CSRF-Token header.
export function csrfToken() {
  if (bearerCSRF) return bearerCSRF;
  const m = document.querySelector('meta[name="csrf-token"]');
  return m ? m.content : "";
}

// post sends a state-changing request with the CSRF token.
export function post(url, body) {
  const headers = { "X-CSRF-Token": csrfToken() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return api(url, {
    method: "POST",
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

// setupSignIn wires the Sign out button.
export function setupSignIn() {
  const out = document.getElementById("signout");
  if (!out) return;
  out.addEventListener("click", async () => {
    out.disabled = true;
    const r = await post("/auth/logout");
    if (r.ok) location.reload();
    else out.disabled = false;
  });
}
