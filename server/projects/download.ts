import { createHmac } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { api, apiPrefix } from '../../domain/api';
import { pathOf } from '../../domain/endpoint';
import { downloadLinkTtlSeconds } from '../../domain/projects';
import type { Database } from '../db/client';
import { projects } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle, handlePublic } from '../http/handler';
import { signatureMatches } from '../http/signed-links';
import { fileSlug, samplePhotoCount, samplePng, samplePngSize } from './sample-images';

type ProjectRecord = typeof projects.$inferSelect;

/** The signing key of download links: derived from the server secret, never the token key itself. */
function linkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('loupe project downloads v1').digest();
}

/** HMAC-SHA256 over the project id and the expiry (Unix seconds), base64url. */
export function downloadSignature(jwtSecret: string, projectId: number, expires: number): string {
  return createHmac('sha256', linkKey(jwtSecret)).update(`${projectId}.${expires}`).digest('base64url');
}

async function deliveredEditingProject(db: Database, projectId: number): Promise<ProjectRecord> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.kind, 'EDITING')));
  if (!project) throw fail('project_not_found');
  if (project.status !== 'READY' && project.status !== 'DOWNLOADED') throw fail('project_not_delivered');
  return project;
}

/** `smith-wedding-123.zip` */
const zipName = (project: ProjectRecord) => `${fileSlug(project.name)}-${project.id}.zip`;

/**
 * The project's photos as a ZIP stream (yazl), each entry generated when the archive reaches it: nothing but the
 * photo being written is in memory, however many there are. Entries are stored (PNGs do not shrink) with their
 * sizes given, so the archive's length is known up front (`size`).
 */
export function projectZip(project: ProjectRecord): { stream: Readable; size: number; files: number } {
  const zip = new ZipFile();
  const files = samplePhotoCount(project);
  const folder = fileSlug(project.name);
  const mtime = new Date(isoTimestamp(project.sentFinalEditAt ?? project.createdAt));
  for (let index = 0; index < files; index++) {
    zip.addReadStreamLazy(
      `${folder}/IMG_${String(index + 1).padStart(4, '0')}.png`,
      { size: samplePngSize, compress: false, mtime },
      (callback) => callback(null, Readable.from([samplePng(project.id, index)])),
    );
  }
  let size = -1;
  // @types/yazl types the callback without its argument (the total size); yazl passes it. Zip64 records always:
  // yazl 3.3.1 counts them in the size from about a thousand entries on without writing them (76 bytes short).
  const sizeKnown = (total: number) => {
    size = total;
  };
  zip.end({ forceZip64Format: true, comment: '' }, sizeKnown as () => void);
  // end() calls back synchronously when no entry is a file on disk (yazl's README), so the size is known here.
  const stream = zip.outputStream.pipe(new PassThrough());
  return { stream, size, files };
}

/** POST projects/editing/{id}/download: a signed link, valid for 10 minutes, to the project's photos as a ZIP. */
export const downloadProject = handle(api.projects.download, async ({ db, params, config }) => {
  const project = await deliveredEditingProject(db, params.project_id);
  const expires = Math.floor(Date.now() / 1000) + downloadLinkTtlSeconds;
  const signature = downloadSignature(config.jwtSecret, project.id, expires);
  const query = new URLSearchParams({ expires: String(expires), signature });
  const { size, files, stream } = projectZip(project);
  stream.destroy();
  return {
    url: `${apiPrefix}/${pathOf(api.projects.downloadZip, { project_id: project.id })}?${query}`,
    expires_at: new Date(expires * 1000).toISOString(),
    filename: zipName(project),
    files,
    bytes: size,
  };
});

/** The ZIP behind a signed link, streamed with its length: 403 for a wrong signature or an expired link. */
export const getProjectZip = handlePublic(api.projects.downloadZip, async ({ db, params, query, config, reply }) => {
  const expected = downloadSignature(config.jwtSecret, params.project_id, query.expires);
  if (!signatureMatches(expected, query.signature)) throw fail('download_link_invalid');
  if (query.expires * 1000 < Date.now()) throw fail('download_link_expired');
  const project = await deliveredEditingProject(db, params.project_id);
  const { stream, size } = projectZip(project);
  reply
    .type('application/zip')
    .header('Content-Disposition', `attachment; filename="${zipName(project)}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
  if (size >= 0) reply.header('Content-Length', String(size));
  return stream;
});
