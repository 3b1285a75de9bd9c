/**
 * 64-bit, time-ordered ids (snowflake layout): 41 bits of milliseconds since 2020-01-01, 10 bits of worker id,
 * 12 bits of sequence. They sort by creation time, fit PostgreSQL `bigint` and SQLite `INTEGER`, and always
 * leave the server as strings because JavaScript numbers cannot hold them.
 */
const EPOCH = 1_577_836_800_000n;
const WORKER_BITS = 10n;
const SEQUENCE_BITS = 12n;
const MAX_SEQUENCE = (1n << SEQUENCE_BITS) - 1n;

export class IdGenerator {
  private lastMs = -1n;
  private sequence = 0n;
  private readonly worker: bigint;

  constructor(workerId: number) {
    if (!Number.isInteger(workerId) || workerId < 0 || workerId > 1023)
      throw new Error('worker id must be 0..1023');
    this.worker = BigInt(workerId);
  }

  next(): string {
    let now = BigInt(Date.now());
    if (now < this.lastMs) now = this.lastMs; // the clock stepped back: keep ordering, borrow from the future
    if (now === this.lastMs) {
      this.sequence = (this.sequence + 1n) & MAX_SEQUENCE;
      if (this.sequence === 0n) now = this.lastMs + 1n;
    } else {
      this.sequence = 0n;
    }
    this.lastMs = now;
    return (
      ((now - EPOCH) << (WORKER_BITS + SEQUENCE_BITS)) |
      (this.worker << SEQUENCE_BITS) |
      this.sequence
    ).toString();
  }
}

let shared = new IdGenerator(1);

export function configureIds(workerId: number): void {
  shared = new IdGenerator(workerId);
}

export const newId = (): string => shared.next();

export const isId = (value: string): boolean => /^[1-9]\d{0,18}$/.test(value) && BigInt(value) < 1n << 63n;
