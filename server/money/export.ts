/**
 * CSV exports of a filtered list (payments, disputes): the whole filter, not one page, read
 * from the database in keyset batches (`accountRowsInBatches`) and streamed through
 * csv-stringify as the rows arrive, so an export of 100,000 payments holds one batch at a
 * time. Cells that a spreadsheet would run as a formula are escaped. The first batch is read
 * before the answer starts, so a failure there is still an API error, not a cut file.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null;
}

/** A Unix time as an ISO 8601 UTC timestamp (empty when there is none). */
export const isoTime = (t: number | null) => (t === null ? "" : new Date(t * 1000).toISOString());

/** The file name of an export made at `now`: `<what>-<YYYY-MM-DD>.csv`. */
export const exportFilename = (what: string, now: number) =>
  `${what}-${new Date(now * 1000).toISOString().slice(0, 10)}.csv`;

export async function csvResponse<Row>(
  filename: string,
  columns: readonly CsvColumn<Row>[],
  rows: AsyncGenerator<Row>,
): Promise<Response> {
  const first = await rows.next();
  async function* records() {
    if (first.done) return;
    yield columns.map((c) => c.value(first.value));
    for await (const row of rows) yield columns.map((c) => c.value(row));
  }
  const csv = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    escape_formulas: true,
    cast: { boolean: (b) => (b ? "true" : "false") },
  });
  // A failure after the answer started ends the stream with an error: the download fails
  // rather than looking complete.
  pipeline(Readable.from(records()), csv).catch(() => {});
  return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}
