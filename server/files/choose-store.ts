import { s3SettingsFrom } from '../config';
import { s3FileStore } from './s3-store';
import { type FileStore, filesDirFrom, localFileStore } from './store';

/** The one place the file store is chosen: the bucket when `S3_BUCKET` is set, else files under `FILES_DIR`. */
export function fileStoreFrom(env: NodeJS.ProcessEnv = process.env): FileStore {
  const bucket = s3SettingsFrom(env);
  return bucket ? s3FileStore(bucket) : localFileStore(filesDirFrom(env));
}
