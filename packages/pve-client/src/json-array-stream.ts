/**
 * An incremental reader of a Proxmox answer `{"data": [item, item, …], …}`: each item of the `data` array is
 * handed to `onItem` (parsed on its own with JSON.parse) as soon as its text is complete, so a listing of tens
 * of megabytes is never held as one string: at most one item's text is buffered (`maxBufferedChars` says how
 * much it was). Other top-level keys are skipped whatever their value. Throws JsonStreamError on text that is
 * not such an object.
 */

export class JsonStreamError extends Error {}

const WS = new Set([0x20, 0x0a, 0x0d, 0x09]);

type State =
  | 'start' // before '{'
  | 'key' // before a key or '}'
  | 'colon'
  | 'value' // before a top-level value
  | 'skip' // inside a skipped value
  | 'array' // inside data: before an item, ',' or ']'
  | 'item' // inside an item
  | 'after' // after a top-level value: ',' or '}'
  | 'done';

export class DataArrayReader {
  /** The most characters held at once while waiting for an item's end (a test's memory bound). */
  maxBufferedChars = 0;
  private state: State = 'start';
  private key = '';
  private inKey = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Text of the current item (or key) from earlier chunks. */
  private pending = '';
  private sawData = false;
  private afterItem = false;
  private readonly decoder = new TextDecoder();

  constructor(private readonly onItem: (item: unknown) => void) {}

  /** Feeds the next bytes of the answer. */
  push(bytes: Uint8Array): void {
    this.scan(this.decoder.decode(bytes, { stream: true }));
  }

  /** The answer ended: it must have been a complete object with a `data` array. */
  end(): void {
    this.scan(this.decoder.decode());
    if (this.state !== 'done') throw new JsonStreamError('the answer ended before its JSON was complete');
    if (!this.sawData) throw new JsonStreamError('the answer has no data array');
  }

  private scan(text: string): void {
    let start = this.state === 'item' || this.inKey ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) {
          this.inString = false;
          if (this.inKey) {
            this.key = JSON.parse(`${this.pending}${text.slice(start, i + 1)}`) as string;
            this.pending = '';
            this.inKey = false;
            start = -1;
            this.state = 'colon';
            continue;
          }
          if (this.state === 'skip' && this.depth === 0) this.state = 'after';
          if (this.state === 'item' && this.depth === 0) {
            this.finishItem(text, start, i + 1);
            start = -1;
          }
        }
        continue;
      }
      if (WS.has(c)) {
        if (this.state === 'item' && this.depth === 0) {
          this.finishItem(text, start, i);
          start = -1;
        }
        continue;
      }
      switch (this.state) {
        case 'start':
          if (c !== 0x7b) throw new JsonStreamError('the answer is not a JSON object');
          this.state = 'key';
          break;
        case 'key':
          if (c === 0x7d) this.state = 'done';
          else if (c === 0x22) {
            this.inString = true;
            this.inKey = true;
            start = i;
          } else if (c !== 0x2c) throw new JsonStreamError('malformed JSON object');
          break;
        case 'colon':
          if (c !== 0x3a) throw new JsonStreamError('malformed JSON object');
          this.state = 'value';
          break;
        case 'value':
          if (this.key === 'data') {
            if (c !== 0x5b) throw new JsonStreamError('data is not an array');
            this.sawData = true;
            this.state = 'array';
            this.afterItem = false;
          } else {
            this.state = 'skip';
            this.depth = 0;
            i = this.skipChar(c, i);
          }
          break;
        case 'skip':
          i = this.skipChar(c, i);
          break;
        case 'array':
          if (c === 0x5d) this.state = 'after';
          else if (c === 0x2c && this.afterItem) this.afterItem = false;
          else if (!this.afterItem) {
            this.state = 'item';
            this.depth = 0;
            start = i;
            this.itemChar(c);
            if (this.state === 'item' && this.depth === 0 && !this.inString && (c === 0x7d || c === 0x5d)) {
              this.finishItem(text, start, i + 1);
              start = -1;
            }
          } else throw new JsonStreamError('malformed data array');
          break;
        case 'item':
          if (this.depth === 0 && (c === 0x2c || c === 0x5d)) {
            // The end of a scalar item.
            this.finishItem(text, start, i);
            start = -1;
            i--;
            break;
          }
          this.itemChar(c);
          if (this.depth === 0 && (c === 0x7d || c === 0x5d)) {
            this.finishItem(text, start, i + 1);
            start = -1;
          }
          break;
        case 'after':
          if (c === 0x2c) this.state = 'key';
          else if (c === 0x7d) this.state = 'done';
          else throw new JsonStreamError('malformed JSON object');
          break;
        case 'done':
          throw new JsonStreamError('text after the JSON object');
      }
    }
    if (start >= 0) {
      this.pending += text.slice(start);
      if (this.pending.length > this.maxBufferedChars) this.maxBufferedChars = this.pending.length;
    }
  }

  private itemChar(c: number): void {
    if (c === 0x22) this.inString = true;
    else if (c === 0x7b || c === 0x5b) this.depth++;
    else if (c === 0x7d || c === 0x5d) this.depth--;
  }

  /** A skipped top-level value: nesting and strings are followed, nothing is kept. */
  private skipChar(c: number, i: number): number {
    if (c === 0x22) this.inString = true;
    else if (c === 0x7b || c === 0x5b) this.depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (this.depth === 0) {
        // The object's own '}' after a scalar value.
        this.state = 'after';
        return i - 1;
      }
      this.depth--;
      if (this.depth === 0) this.state = 'after';
    } else if (c === 0x2c && this.depth === 0) {
      this.state = 'key';
    }
    return i;
  }

  private finishItem(text: string, start: number, end: number): void {
    const itemText = `${this.pending}${text.slice(Math.max(0, start), end)}`;
    this.pending = '';
    this.state = 'array';
    this.afterItem = true;
    let item: unknown;
    try {
      item = JSON.parse(itemText);
    } catch {
      throw new JsonStreamError('malformed item in the data array');
    }
    this.onItem(item);
  }
}
