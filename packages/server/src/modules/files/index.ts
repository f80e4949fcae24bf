// What other modules may use of the files module.
export { entityFileColumns } from './file-access.ts';
export { deleteUnreferencedFiles, type FileReference } from './files.repository.ts';
export { THUMBNAIL_TYPE, THUMBNAIL_WIDTH } from './upload.service.ts';
