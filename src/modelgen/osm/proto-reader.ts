/**
 * A reader of Protocol Buffers wire format, enough for OpenStreetMap PBF blocks: varints (64-bit
 * values exact up to 2^53, as OSM ids are), zigzag varints, length-delimited fields and packed arrays.
 */
export class ProtoReader {
  readonly bytes: Uint8Array;
  pos: number;
  readonly end: number;

  constructor(bytes: Uint8Array, start = 0, end = bytes.length) {
    this.bytes = bytes;
    this.pos = start;
    this.end = end;
  }

  /** Reads the next field's key (field number × 8 + wire type), or -1 at the end of the message. */
  next(): number {
    return this.pos < this.end ? this.varint() : -1;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.pos++];
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) break;
      scale *= 128;
    }
    // int64 fields hold negative numbers as ten-byte varints of 2^64 + n
    return value >= 2 ** 63 ? value - 2 ** 64 : value;
  }

  /** A zigzag-encoded signed varint (sint32, sint64). */
  svarint(): number {
    const value = this.varint();
    return value % 2 === 1 ? -(value + 1) / 2 : value / 2;
  }

  /** A length-delimited field as a reader of its own bytes; this reader moves past it. */
  message(): ProtoReader {
    const length = this.varint();
    const start = this.pos;
    this.pos += length;
    return new ProtoReader(this.bytes, start, start + length);
  }

  /** A length-delimited field's bytes. */
  bytesField(): Uint8Array {
    const length = this.varint();
    const start = this.pos;
    this.pos += length;
    return this.bytes.subarray(start, start + length);
  }

  /** A packed repeated varint field, or one element of it when it is not packed. */
  packed(wire: number, signed: boolean, into: number[] = []): number[] {
    if (wire !== 2) {
      into.push(signed ? this.svarint() : this.varint());
      return into;
    }
    const inner = this.message();
    while (inner.pos < inner.end) into.push(signed ? inner.svarint() : inner.varint());
    return into;
  }

  /** Skips a field of the given wire type. */
  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.pos += 8;
    else if (wire === 2) {
      const length = this.varint();
      this.pos += length;
    }
    else if (wire === 5) this.pos += 4;
    else throw new Error(`unsupported protocol buffer wire type ${wire}`);
  }
}
