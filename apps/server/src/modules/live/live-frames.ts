import * as ws from 'ws';
import type { WebSocket } from 'ws';

/** ws's framing function (`WebSocket.Sender.frame`, public in ws 8 though @types/ws leaves it out). */
const { Sender } = ws as unknown as {
  Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
    ): Buffer[];
  };
};

/** A message serialised and framed once, then written as is to every subscriber (issue 10, "Live updates"). */
export interface PreparedMessage {
  text: string;
  /** The whole WebSocket text frame (server frames are unmasked, so one frame fits every socket). */
  frame: Buffer;
}

export function prepareMessage(text: string): PreparedMessage {
  const parts = Sender.frame(Buffer.from(text), { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false });
  return { text, frame: parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts as Buffer[]) };
}

/** ws's sender, whose sendFrame writes a frame in order with what the socket already sent (ws 8, private). */
interface FrameSender {
  _state?: number;
  sendFrame?: (list: Buffer[], cb?: (error?: Error) => void) => void;
}

/**
 * Writes a prepared message to an open socket: the frame itself when the socket compresses nothing
 * and its sender has nothing queued (then writing the frame is exactly what ws.send would write, minus
 * encoding and framing it again); otherwise ws.send with the text, so order and compression hold.
 */
export function writePrepared(socket: WebSocket, message: PreparedMessage): void {
  const sender = (socket as unknown as { _sender?: FrameSender })._sender;
  if (
    sender !== undefined &&
    sender._state === 0 &&
    typeof sender.sendFrame === 'function' &&
    socket.extensions === ''
  ) {
    sender.sendFrame([message.frame]);
    return;
  }
  socket.send(message.text);
}
