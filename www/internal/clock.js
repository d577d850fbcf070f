// Time played on a game: a stopwatch that the app runs while a puzzle is being played in
// a visible tab, and the way it is shown (mm:ss, then h:mm:ss from an hour on).

export class PlayClock {
  /** @param {() => number} now milliseconds since some start (Date.now by default) */
  constructor(now = () => Date.now()) {
    this.now = now;
    this.elapsed = 0; // ms counted before `since`
    this.since = 0; // when it was last started, 0 while stopped
  }

  /** Time played so far, in ms. */
  read() {
    return this.elapsed + (this.since ? this.now() - this.since : 0);
  }

  get running() {
    return this.since !== 0;
  }

  /** Starts or stops it; time counted so far is kept. */
  run(on) {
    if (on && !this.since) this.since = this.now();
    else if (!on && this.since) {
      this.elapsed = this.read();
      this.since = 0;
    }
  }

  /** Stopped, showing `ms` (a saved game's time). */
  reset(ms = 0) {
    this.elapsed = Number.isFinite(ms) && ms > 0 ? ms : 0;
    this.since = 0;
  }
}

/** "04:07" under an hour, "1:02:03" from an hour on. */
export function clockText(ms) {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
