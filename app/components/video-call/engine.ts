/**
 * What the call room needs from a call, whoever carries it: Daily (call
 * object mode, loaded only on the call page, only in the browser) or the
 * local development mode (your own camera, chat to yourself).
 */

export interface CallSnapshot {
  joined: boolean;
  micOn: boolean;
  cameraOn: boolean;
  sharing: boolean;
  /** What the small self view shows: the camera, or the shared screen while sharing. */
  localVideo: MediaStreamTrack | null;
  remoteConnected: boolean;
  remoteName: string | null;
  /** The other person's screen while they share, else their camera. */
  remoteVideo: MediaStreamTrack | null;
  remoteAudio: MediaStreamTrack | null;
  remoteCameraOn: boolean;
}

export const EMPTY_SNAPSHOT: CallSnapshot = {
  joined: false,
  micOn: true,
  cameraOn: true,
  sharing: false,
  localVideo: null,
  remoteConnected: false,
  remoteName: null,
  remoteVideo: null,
  remoteAudio: null,
  remoteCameraOn: false,
};

export interface ChatMessage {
  id: string;
  sender: string;
  own: boolean;
  text: string;
  at: number;
}

export type CallErrorKind = "media" | "screen" | "load";

export interface CallHandlers {
  onChange(snapshot: CallSnapshot): void;
  onChat(message: ChatMessage): void;
  onError(kind: CallErrorKind): void;
}

export interface CallEngine {
  start(): Promise<void>;
  setMic(on: boolean): void;
  setCamera(on: boolean): void;
  startShare(): Promise<void>;
  stopShare(): void;
  /** Sends to the other participant; the room shows your own message itself. */
  sendChat(message: ChatMessage): void;
  leave(): Promise<void>;
}

export interface EngineOptions {
  roomUrl: string;
  token: string;
  selfName: string;
}

/** A chat message's id: unique per sender (getRandomValues works outside secure contexts too). */
export function messageId(): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36);
  return `${Date.now().toString(36)}-${random}`;
}

/** A chat message received as an app message, when it has the expected shape. */
export function chatFromAppMessage(data: unknown): Omit<ChatMessage, "own"> | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, id, sender, text, at } = data as Record<string, unknown>;
  if (type !== "chat" || typeof text !== "string" || text.trim() === "" || text.length > 2000) return null;
  return {
    id: typeof id === "string" ? id.slice(0, 40) : messageId(),
    sender: typeof sender === "string" ? sender.slice(0, 120) : "",
    text,
    at: typeof at === "number" ? at : Date.now(),
  };
}
