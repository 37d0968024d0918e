/**
 * A whole WebSocket text frame (RFC 6455, section 5.2) as a server sends it: final, unmasked, not
 * compressed. Such a frame is the same bytes for every client, so an event is framed once and the
 * frame written to each connection's socket as it is.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header, 'utf8');
  return frame;
}
