import { EMPTY_SNAPSHOT, type CallEngine, type CallHandlers, type CallSnapshot } from "./engine";

/**
 * Development without Daily: your own camera and microphone from
 * getUserMedia, screen sharing from getDisplayMedia, and a chat that stays in
 * this browser. No one else can join.
 */
export function createLocalEngine(handlers: CallHandlers): CallEngine {
  let camera: MediaStream | null = null;
  let screen: MediaStreamTrack | null = null;
  let snapshot: CallSnapshot = { ...EMPTY_SNAPSHOT };

  const update = (patch: Partial<CallSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    handlers.onChange(snapshot);
  };
  const cameraTrack = () => camera?.getVideoTracks()[0] ?? null;

  const engine: CallEngine = {
    async start() {
      try {
        camera = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
        update({ joined: true, localVideo: cameraTrack(), cameraOn: true, micOn: true });
      } catch {
        update({ joined: true, cameraOn: false, micOn: false });
        handlers.onError("media");
      }
    },
    setMic(on) {
      camera?.getAudioTracks().forEach((track) => (track.enabled = on));
      update({ micOn: on });
    },
    setCamera(on) {
      camera?.getVideoTracks().forEach((track) => (track.enabled = on));
      update({ cameraOn: on });
    },
    async startShare() {
      try {
        const stream = await navigator.mediaDevices.getDisplayMedia({ video: true });
        screen = stream.getVideoTracks()[0] ?? null;
        if (!screen) throw new Error("no screen track");
        // The browser's own 'stop sharing' ends the track: the camera view comes back.
        screen.addEventListener("ended", () => engine.stopShare());
        update({ sharing: true, localVideo: screen });
      } catch {
        handlers.onError("screen");
      }
    },
    stopShare() {
      screen?.stop();
      screen = null;
      update({ sharing: false, localVideo: cameraTrack() });
    },
    sendChat() {
      // Nobody else is here: the room already shows the message.
    },
    async leave() {
      screen?.stop();
      camera?.getTracks().forEach((track) => track.stop());
      camera = null;
      screen = null;
      update({ ...EMPTY_SNAPSHOT });
    },
  };
  return engine;
}
