// The board inside Discord, as an Activity: the Embedded App SDK's
// handshake (ready, authorize, the code exchanged at /api/token,
// authenticate), a session opened at /api/session and sent as Bearer,
// then the board of the channel's game, found by the channel (never by
// the Activity's instance, which ends when everyone leaves).
import { DiscordSDK, patchUrlMappings } from "@discord/embedded-app-sdk";
import { startGame } from "./app.js";
import { api, useSession } from "./signin.js";
import { t } from "./texts.js";

const app = document.getElementById("app");
const $ = (id) => document.getElementById(id);
const clientId = app.dataset.clientId;

function say(text, phase) {
  $("phase").textContent = text;
  app.dataset.phase = phase;
}

async function answer(r, what) {
  const j = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(j.error || what + ": HTTP " + r.status);
  return j;
}

function postJSON(url, body) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).then((r) => answer(r, url));
}

function showUser(u) {
  const box = $("account");
  box.textContent = "";
  if (u.avatar) {
    const img = document.createElement("img");
    img.className = "avatar";
    img.src = u.avatar;
    img.alt = "";
    img.width = img.height = 24;
    box.append(img);
  }
  const me = document.createElement("span");
  me.id = "me";
  me.className = "me";
  me.textContent = u.name;
  box.append(me);
}

function open(g) {
  $("choose").hidden = true;
  $("phase").hidden = true;
  $("game").hidden = false;
  $("title").textContent = g.title;
  app.dataset.phase = "game";
  app.dataset.game = g.path;
  startGame(g.path.replace(/^\/g\//, ""));
}

function choose(games) {
  say(t("activity.choose"), "choose");
  const ul = $("choose");
  ul.textContent = "";
  for (const g of games) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = g.over ? t("activity.over", { title: g.title }) : g.title;
    b.addEventListener("click", () => open(g));
    li.append(b);
    ul.append(li);
  }
  ul.hidden = false;
}

// Inside Discord, the Activity reaches no host but through Discord's
// proxy: the avatars of Discord's CDN come through the URL mapping
// /discord-cdn → cdn.discordapp.com (see the README).
if (location.hostname.endsWith(".discordsays.com")) {
  patchUrlMappings([{ prefix: "/discord-cdn", target: "cdn.discordapp.com" }], {
    patchFetch: false,
    patchWebSocket: false,
    patchXhr: false,
    patchSrcAttributes: true,
  });
}

async function main() {
  let sdk;
  try {
    sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch {
    say(t("activity.outside"), "outside");
    return;
  }
  await sdk.ready();
  say(t("activity.authorize"), "authorize");
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const { access_token } = await postJSON("/api/token", { code });
  await sdk.commands.authenticate({ access_token });
  const session = await postJSON("/api/session", { access_token });
  useSession(session.token, session.csrf);
  showUser(session.user);
  if (!sdk.guildId || !sdk.channelId) {
    say(t("activity.nochannel"), "nochannel");
    return;
  }
  say(t("activity.lookup"), "lookup");
  const q = new URLSearchParams({ guild: sdk.guildId, channel: sdk.channelId, instance: sdk.instanceId });
  const { games } = await api("/api/activity/game?" + q).then((r) => answer(r, "game"));
  if (games.length === 0) say(t("activity.nogame"), "nogame");
  else if (games.length === 1) open(games[0]);
  else choose(games);
}

main().catch((err) => say(String((err && err.message) || err), "error"));
