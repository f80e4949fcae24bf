import type { EntityRecord, ExportFormat } from '@klubovna/shared';
import type { FastifyReply } from 'fastify';
import type { ExportColumn } from './export-columns.ts';
import { streamCsv } from './export-csv.ts';
import { streamXlsx, XLSX_CONTENT_TYPE } from './export-xlsx.ts';

/**
 * A spreadsheet to send as a download: the datagrid's export, or what an action returns instead of
 * JSON (an action's rows are read inside its transaction, so it hands them over as an array).
 */
export class ExportFile {
  readonly format: ExportFormat;
  /** Sheet name of the XLSX. */
  readonly title: string;
  /** File name without the extension; Czech characters allowed. */
  readonly baseName: string;
  readonly columns: ExportColumn[];
  readonly rows: AsyncIterable<EntityRecord[]> | EntityRecord[];

  constructor(file: Pick<ExportFile, 'format' | 'title' | 'baseName' | 'columns' | 'rows'>) {
    this.format = file.format;
    this.title = file.title;
    this.baseName = file.baseName;
    this.columns = file.columns;
    this.rows = file.rows;
  }
}

async function* inOneBatch(rows: EntityRecord[]) {
  yield rows;
}

/** Streams the file as CSV for Czech Excel or XLSX, named for the download. */
export function sendExport(reply: FastifyReply, file: ExportFile) {
  const fileName = `${file.baseName}.${file.format}`;
  reply.header(
    'content-disposition',
    `attachment; filename="export.${file.format}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  );
  const batches = Array.isArray(file.rows) ? inOneBatch(file.rows) : file.rows;
  if (file.format === 'xlsx') {
    return reply.type(XLSX_CONTENT_TYPE).send(streamXlsx(file.title, file.columns, batches));
  }
  return reply.type('text/csv; charset=utf-8').send(streamCsv(file.columns, batches));
}
