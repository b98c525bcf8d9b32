import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { createDailyEngine } from "./daily-engine";
import { EMPTY_SNAPSHOT, messageId, type CallEngine, type CallErrorKind, type CallSnapshot, type ChatMessage } from "./engine";
import { createLocalEngine } from "./local-engine";

/**
 * The call room (spec 01, 'Call room'): header, 'Vídeo' and 'Participantes'
 * tabs, chat, controls. The call itself needs JavaScript: without it the page
 * says so. The call starts only after hydration, so the server renders no
 * media and daily-js loads on this page alone.
 */

export interface CallRoomProps {
  appointmentId: string;
  provider: "daily" | "local";
  roomUrl: string;
  token: string;
  viewerRole: "patient" | "psychologist";
  selfName: string;
  counterpartName: string;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  zone: string | null;
  dashboardUrl: string;
  canMarkNoShow: boolean;
}

const ENDED_REDIRECT_MS = 2500;

function MediaTrack({ track, kind, muted, className, label }: { track: MediaStreamTrack | null; kind: "video" | "audio"; muted?: boolean; className?: string; label?: string }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = track ? new MediaStream([track]) : null;
  }, [track]);
  if (kind === "audio") return <audio ref={ref} autoPlay />;
  return <video ref={ref} autoPlay playsInline muted={muted} className={className} aria-label={label} />;
}

export function CallRoom(props: CallRoomProps) {
  const { t } = useTranslation("video");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const counterpartRole = props.viewerRole === "psychologist" ? t("roles.patient") : t("roles.psychologist");

  return (
    <section className="container-page py-6" aria-labelledby="call-title">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="call-title" className="text-2xl font-bold">
            {t("call.title")}
          </h1>
          <p className="muted text-sm">
            {props.date ?? t("invalidDate")}
            {props.startTime ? ` · ${props.startTime}${props.endTime ? `–${props.endTime}` : ""}` : ""}
            {props.zone ? ` (${props.zone})` : ""}
          </p>
          <p className="mt-1 text-sm">
            <span className="font-semibold">{counterpartRole}:</span> {props.counterpartName}
          </p>
        </div>
        <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">{t("call.inProgress")}</span>
      </header>

      {props.provider === "local" ? (
        <p role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t("call.localMode")}
        </p>
      ) : null}

      <noscript>
        <p className="card mt-4">{t("call.needsJavaScript")}</p>
      </noscript>

      {hydrated ? <CallClient {...props} /> : null}

      {props.canMarkNoShow ? (
        <Form method="post" action={`/appointment/${props.appointmentId}/no-show`} className="mt-6">
          <button type="submit" className="btn-secondary">
            {t("call.markNoShow")}
          </button>
        </Form>
      ) : null}

      <p className="mt-6">
        <Link to={props.dashboardUrl} className="text-sm font-medium text-teal-800 underline dark:text-teal-300">
          {t("goToDashboard")}
        </Link>
      </p>
    </section>
  );
}

function CallClient(props: CallRoomProps) {
  const { t } = useTranslation("video");
  const navigate = useNavigate();
  const engineRef = useRef<CallEngine | null>(null);
  const [snapshot, setSnapshot] = useState<CallSnapshot>(EMPTY_SNAPSHOT);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [error, setError] = useState<CallErrorKind | null>(null);
  const [ended, setEnded] = useState(false);
  const [tab, setTab] = useState<"video" | "participants">("video");
  const [draft, setDraft] = useState("");

  useEffect(() => {
    const handlers = {
      onChange: setSnapshot,
      onChat: (message: ChatMessage) => setMessages((list) => [...list, message]),
      onError: setError,
    };
    const engine =
      props.provider === "daily" ? createDailyEngine({ roomUrl: props.roomUrl, token: props.token, selfName: props.selfName }, handlers) : createLocalEngine(handlers);
    engineRef.current = engine;
    void engine.start();
    return () => {
      engineRef.current = null;
      void engine.leave();
    };
  }, [props.provider, props.roomUrl, props.token, props.selfName]);

  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => navigate(props.dashboardUrl), ENDED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [ended, navigate, props.dashboardUrl]);

  const engine = engineRef.current;

  async function endCall() {
    const current = engineRef.current;
    engineRef.current = null;
    setEnded(true);
    await current?.leave();
  }

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    const message: ChatMessage = { id: messageId(), sender: props.selfName, own: true, text, at: Date.now() };
    engineRef.current?.sendChat(message);
    setMessages((list) => [...list, message]);
    setDraft("");
  }

  if (ended) {
    return (
      <div className="card mt-6 text-center" role="status">
        <p className="text-xl font-semibold">{t("call.ended")}</p>
        <p className="muted mt-2 text-sm">{t("call.returning")}</p>
        <Link to={props.dashboardUrl} className="btn-primary mt-4">
          {t("goToDashboard")}
        </Link>
      </div>
    );
  }

  const errorText = error ? t(`errors.${error}`) : null;
  const participantsLabel = t("call.participants", { count: 2 });

  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div>
        {!snapshot.joined && !errorText ? (
          <p role="status" className="muted mb-3 text-sm">
            {t("call.connecting")}
          </p>
        ) : null}
        {errorText ? (
          <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {errorText}
          </p>
        ) : null}

        <div role="tablist" aria-label={t("call.title")} className="flex gap-2 border-b border-slate-200 dark:border-slate-800">
          <button type="button" role="tab" id="tab-video" aria-controls="panel-video" aria-selected={tab === "video"} onClick={() => setTab("video")} className={tabClass(tab === "video")}>
            {t("call.videoTab")}
          </button>
          <button
            type="button"
            role="tab"
            id="tab-participants"
            aria-controls="panel-participants"
            aria-selected={tab === "participants"}
            onClick={() => setTab("participants")}
            className={tabClass(tab === "participants")}
          >
            {participantsLabel}
          </button>
        </div>

        <div role="tabpanel" id="panel-video" aria-labelledby="tab-video" hidden={tab !== "video"} className="pt-3">
          <div className="relative aspect-video overflow-hidden rounded-xl bg-slate-900 text-white">
            {snapshot.remoteVideo ? (
              <MediaTrack kind="video" track={snapshot.remoteVideo} className="h-full w-full object-contain" label={t("call.remoteVideo", { name: props.counterpartName })} />
            ) : (
              <p className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-300">
                {props.provider === "local" ? t("call.localNobody") : t("call.waitingFor", { name: props.counterpartName })}
              </p>
            )}
            {snapshot.remoteConnected && !snapshot.remoteCameraOn ? <Overlay text={t("call.cameraOff")} /> : null}
            <div className="absolute bottom-3 end-3 aspect-video w-1/3 min-w-[7rem] overflow-hidden rounded-lg border border-white/40 bg-slate-800">
              <MediaTrack kind="video" track={snapshot.localVideo} muted className="h-full w-full object-cover" label={t("call.selfView")} />
              {!snapshot.cameraOn && !snapshot.sharing ? <Overlay text={t("call.cameraOff")} small /> : null}
            </div>
          </div>
          <MediaTrack kind="audio" track={snapshot.remoteAudio} />
        </div>

        <div role="tabpanel" id="panel-participants" aria-labelledby="tab-participants" hidden={tab !== "participants"} className="pt-3">
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            <li className="flex items-center justify-between p-3 text-sm">
              <span>
                {props.selfName} <span className="muted">{t("call.you")}</span>
              </span>
              <span className="muted">{snapshot.joined ? t("call.connected") : t("call.notConnected")}</span>
            </li>
            <li className="flex items-center justify-between p-3 text-sm">
              <span>{props.counterpartName}</span>
              <span className="muted">{snapshot.remoteConnected ? t("call.connected") : t("call.notConnected")}</span>
            </li>
          </ul>
        </div>

        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" aria-pressed={!snapshot.micOn} onClick={() => engine?.setMic(!snapshot.micOn)} disabled={!snapshot.joined}>
            {snapshot.micOn ? t("call.mute") : t("call.unmute")}
          </button>
          <button type="button" className="btn-secondary" aria-pressed={!snapshot.cameraOn} onClick={() => engine?.setCamera(!snapshot.cameraOn)} disabled={!snapshot.joined}>
            {snapshot.cameraOn ? t("call.cameraOffButton") : t("call.cameraOnButton")}
          </button>
          <button
            type="button"
            className="btn-secondary"
            aria-pressed={snapshot.sharing}
            onClick={() => (snapshot.sharing ? engine?.stopShare() : void engine?.startShare())}
            disabled={!snapshot.joined}
          >
            {snapshot.sharing ? t("call.stopShare") : t("call.share")}
          </button>
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => void endCall()}>
            {t("call.end")}
          </button>
        </div>
      </div>

      <section aria-labelledby="chat-title" className="flex flex-col rounded-xl border border-slate-200 p-3 dark:border-slate-800">
        <h2 id="chat-title" className="text-sm font-semibold">
          {t("call.chat")}
        </h2>
        <ol aria-live="polite" className="mt-2 flex max-h-80 min-h-[8rem] flex-1 flex-col gap-2 overflow-y-auto text-sm">
          {messages.length === 0 ? <li className="muted">{t("call.chatEmpty")}</li> : null}
          {messages.map((message) => (
            <li key={message.id} className={message.own ? "self-end rounded-lg bg-teal-700 px-3 py-2 text-white" : "self-start rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800"}>
              <span className="block text-xs opacity-80">{message.own ? t("call.you") : message.sender || props.counterpartName}</span>
              {message.text}
            </li>
          ))}
        </ol>
        <form onSubmit={send} className="mt-3 flex gap-2">
          <label htmlFor="chat-input" className="sr-only">
            {t("call.chatPlaceholder")}
          </label>
          <input
            id="chat-input"
            className="input"
            placeholder={t("call.chatPlaceholder")}
            value={draft}
            maxLength={2000}
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="btn-primary">
            {t("call.send")}
          </button>
        </form>
      </section>
    </div>
  );
}

function Overlay({ text, small }: { text: string; small?: boolean }) {
  return <p className={`absolute inset-0 flex items-center justify-center bg-slate-900/80 text-center ${small ? "text-xs" : "text-sm"} text-white`}>{text}</p>;
}

function tabClass(active: boolean): string {
  return `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${active ? "border-teal-700 text-teal-800 dark:text-teal-300" : "border-transparent text-slate-600 dark:text-slate-400"}`;
}
