import { MAX_RETURNED_ROW_ERRORS, type CsvRowError } from '@esim/contracts';

/**
 * The row errors of an import, bounded: counts them all (and the rows they are on) but keeps only
 * the first `limit` by row, which is what an answer carries (with the count).
 */
export class RowErrorList {
  private kept: CsvRowError[] = [];
  private rowSet = new Set<number>();
  private total = 0;

  constructor(private readonly limit = MAX_RETURNED_ROW_ERRORS) {}

  add(error: CsvRowError): void {
    this.total += 1;
    this.rowSet.add(error.row);
    const last = this.kept.at(-1);
    if (!last || error.row >= last.row) {
      if (this.kept.length < this.limit) this.kept.push(error);
      return;
    }
    // An earlier row than the last kept one (a later check): insert after its row's errors.
    let at = this.kept.length;
    while (at > 0 && this.kept[at - 1]!.row > error.row) at -= 1;
    this.kept.splice(at, 0, error);
    if (this.kept.length > this.limit) this.kept.pop();
  }

  /** The first errors by row (at most `limit`). */
  get errors(): CsvRowError[] {
    return [...this.kept];
  }

  /** All errors, including the ones not kept. */
  get count(): number {
    return this.total;
  }

  /** Rows with at least one error. */
  get rowCount(): number {
    return this.rowSet.size;
  }

  copy(): RowErrorList {
    const copy = new RowErrorList(this.limit);
    copy.kept = [...this.kept];
    copy.rowSet = new Set(this.rowSet);
    copy.total = this.total;
    return copy;
  }
}
