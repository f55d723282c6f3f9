// Signing in: the session's CSRF token (from the page's meta element,
// for the requests that change something) and the Sign out button.

// csrfToken is the session's CSRF token, "" when signed out. Every
// state-changing request sends it in the X-CSRF-Token header.
export function csrfToken() {
  const m = document.querySelector('meta[name="csrf-token"]');
  return m ? m.content : "";
}

// post sends a state-changing request with the CSRF token.
export function post(url, body) {
  const headers = { "X-CSRF-Token": csrfToken() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(url, {
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
