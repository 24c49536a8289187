import { EventEmitter } from 'node:events';

/**
 * Tells listeners the position of every append an adapter instance made, so the projection runner reads
 * at once instead of at its next poll. Both adapters own one.
 */
export class AppendSignal {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Called with the position of every append made through this instance. */
  listen(listener: (position: bigint) => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  /** An append ended at `position` (0n: nothing was written). */
  emit(position: bigint): void {
    if (position > 0n) this.emitter.emit('appended', position);
  }

  close(): void {
    this.emitter.removeAllListeners();
  }
}
