import { api as catalogue } from '../../domain/api';
import { insertCustomer } from './support/fixtures';
import { insertProfile, insertProject } from './support/profiles';
import { describeRoleMatrix, type Sample } from './support/role-matrix';

const customerSample: Sample = async (api) => {
  const customer = await insertCustomer(api.db);
  await insertProject(api.db, customer.id);
  return { params: { user_id: customer.id } };
};

const profileSample: Sample = async (api) => {
  const customer = await insertCustomer(api.db);
  const profile = await insertProfile(api.db, customer.id);
  return { params: { profile_id: profile.id } };
};

/**
 * Reading a customer's projects needs user_details_read (every role), like the rest of the customer's details;
 * and so does the pending-projects queue (nothing in it a customer's tabs do not show); re-edit needs reedit_project.
 */
describeRoleMatrix(
  'projects',
  Object.values(catalogue.projects).filter((endpoint) => endpoint.auth === 'access'),
  {
    'projects.editing': customerSample,
    'projects.video': customerSample,
    'projects.teaching': profileSample,
    'projects.additional': profileSample,
    'projects.pending': async (api) => {
      const customer = await insertCustomer(api.db);
      await insertProject(api.db, customer.id, { status: 'UPLOADED' });
      return { body: { filters: [{ kind: 'number', column: 'user_id', op: 'eq', value: customer.id }] } };
    },
    'projects.emailEditedPhotos': async (api) => {
      const customer = await insertCustomer(api.db);
      const project = await insertProject(api.db, customer.id, { status: 'READY' });
      return { params: { project_id: project.id } };
    },
    'projects.emailVideo': async (api) => {
      const customer = await insertCustomer(api.db);
      const project = await insertProject(api.db, customer.id, {
        kind: 'VIDEO',
        projectType: null,
        status: 'READY',
        durationMinutes: 4,
        numberOfClips: 9,
      });
      return { params: { project_id: project.id } };
    },
    'projects.download': async (api) => {
      const customer = await insertCustomer(api.db);
      const project = await insertProject(api.db, customer.id, { status: 'READY', editsSent: 2 });
      return { params: { project_id: project.id } };
    },
    'projects.reedit': async (api) => {
      const customer = await insertCustomer(api.db);
      const project = await insertProject(api.db, customer.id, { status: 'DOWNLOADED' });
      return { params: { project_id: project.id }, body: { reason: 'Skin tones too warm' } };
    },
  },
);
