// Talking to the local server: every request carries the run's token; answers are JSON.
const token = document.querySelector('meta[name="printkit-token"]').content;

export async function get(path) {
  const r = await fetch(path, { headers: { "X-Printkit-Token": token }, cache: "no-store" });
  return { status: r.status, body: await r.json() };
}

export async function post(path, body, headers = {}, options = {}) {
  const r = await fetch(path, {
    method: "POST",
    headers: { "X-Printkit-Token": token, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
    cache: "no-store",
    ...options,
  });
  return { status: r.status, body: await r.json() };
}
