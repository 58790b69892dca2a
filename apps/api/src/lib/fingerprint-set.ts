/**
 * A set of 64-bit fingerprints (say, the first 8 bytes of a SHA-256) kept in one typed array:
 * 16 to 32 bytes a member. A Set of a million e-mail addresses costs several times that and, worse,
 * keeps alive every string it holds along with the text it was cut from.
 * Two different keys share a fingerprint with odds of about n² / 2⁶⁵: 1 in 37 million for a
 * million keys.
 */
export class FingerprintSet {
  // Open addressing with linear probing; each slot two words, high then low. (0, 0) is empty.
  private slots = new Uint32Array(2 * 1024);
  private members = 0;

  get size(): number {
    return this.members;
  }

  /** Adds the fingerprint read from `digest` (its first 8 bytes); answers false if it was there already. */
  add(digest: Uint8Array): boolean {
    const high = ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
    // The empty marker cannot be a member: a zero fingerprint is stored as (0, 1).
    const low = ((digest[4]! << 24) | (digest[5]! << 16) | (digest[6]! << 8) | digest[7]!) >>> 0 || (high === 0 ? 1 : 0);
    if ((this.members + 1) * 4 > this.slots.length) this.grow();
    return this.place(high, low);
  }

  private place(high: number, low: number): boolean {
    const mask = this.slots.length / 2 - 1;
    for (let index = low & mask; ; index = (index + 1) & mask) {
      const slotHigh = this.slots[2 * index]!;
      const slotLow = this.slots[2 * index + 1]!;
      if (slotHigh === 0 && slotLow === 0) {
        this.slots[2 * index] = high;
        this.slots[2 * index + 1] = low;
        this.members += 1;
        return true;
      }
      if (slotHigh === high && slotLow === low) return false;
    }
  }

  /** Kept at most half full, so a probe ends after a slot or two. */
  private grow() {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.members = 0;
    for (let index = 0; index < old.length; index += 2) {
      if (old[index] !== 0 || old[index + 1] !== 0) this.place(old[index]!, old[index + 1]!);
    }
  }
}
