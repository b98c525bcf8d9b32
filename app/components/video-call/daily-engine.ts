import type { DailyCall, DailyParticipant, DailyTrackState } from "@daily-co/daily-js";
import { chatFromAppMessage, EMPTY_SNAPSHOT, type CallEngine, type CallHandlers, type CallSnapshot, type EngineOptions } from "./engine";

/**
 * Daily in call object mode. daily-js is imported only when the call starts
 * (in the browser, on this page): no other page ships it. Chat travels as
 * Daily app messages.
 */

function liveTrack(state: DailyTrackState | undefined): MediaStreamTrack | null {
  if (!state || (state.state !== "playable" && state.state !== "sendable")) return null;
  return state.persistentTrack ?? null;
}

function snapshotOf(call: DailyCall, joined: boolean): CallSnapshot {
  const participants = call.participants();
  const local: DailyParticipant | undefined = participants.local;
  const remote = Object.values(participants).find((participant) => !participant.local);
  const localScreen = liveTrack(local?.tracks.screenVideo);
  const remoteScreen = liveTrack(remote?.tracks.screenVideo);
  const remoteCamera = liveTrack(remote?.tracks.video);
  return {
    joined,
    micOn: call.localAudio(),
    cameraOn: call.localVideo(),
    sharing: localScreen !== null,
    localVideo: localScreen ?? liveTrack(local?.tracks.video),
    remoteConnected: remote !== undefined,
    remoteName: remote?.user_name || null,
    remoteVideo: remoteScreen ?? remoteCamera,
    remoteAudio: liveTrack(remote?.tracks.audio),
    remoteCameraOn: remoteScreen !== null || remoteCamera !== null,
  };
}

export function createDailyEngine(options: EngineOptions, handlers: CallHandlers): CallEngine {
  let call: DailyCall | null = null;
  let joined = false;
  let left = false;

  const refresh = () => {
    if (call && !left) handlers.onChange(snapshotOf(call, joined));
  };

  return {
    async start() {
      try {
        const { default: Daily } = await import("@daily-co/daily-js");
        if (left) return;
        call = Daily.createCallObject({ url: options.roomUrl, token: options.token, audioSource: true, videoSource: true });
        call
          .on("joined-meeting", () => {
            joined = true;
            refresh();
          })
          .on("participant-joined", refresh)
          .on("participant-updated", refresh)
          .on("participant-left", refresh)
          .on("track-started", refresh)
          .on("track-stopped", refresh)
          .on("local-screen-share-started", refresh)
          // The shared screen ended (our button or the browser's): the camera view returns.
          .on("local-screen-share-stopped", refresh)
          .on("camera-error", () => handlers.onError("media"))
          .on("nonfatal-error", (event) => {
            if (event?.type === "screen-share-error") handlers.onError("screen");
          })
          .on("error", () => handlers.onError("load"))
          .on("app-message", (event) => {
            const message = event ? chatFromAppMessage(event.data) : null;
            if (message) handlers.onChat({ ...message, own: false });
          });
        await call.join();
      } catch {
        if (!left) handlers.onError("load");
      }
    },
    setMic(on) {
      call?.setLocalAudio(on);
      refresh();
    },
    setCamera(on) {
      call?.setLocalVideo(on);
      refresh();
    },
    async startShare() {
      if (!call) return;
      try {
        call.startScreenShare();
      } catch {
        handlers.onError("screen");
      }
    },
    stopShare() {
      call?.stopScreenShare();
    },
    sendChat(message) {
      call?.sendAppMessage({ type: "chat", id: message.id, sender: message.sender, text: message.text, at: message.at }, "*");
    },
    async leave() {
      left = true;
      const current = call;
      call = null;
      handlers.onChange({ ...EMPTY_SNAPSHOT });
      if (!current) return;
      try {
        await current.leave();
      } finally {
        await current.destroy();
      }
    },
  };
}
