import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import type { Client } from './support/test-api';
import { useTestApi } from './support/test-api';

describeEachBackend('users search ranking', (backend) => {
  const t = useTestApi(backend);
  let admin: Client;
  const id = { exact: 0, emailPrefix: 0, namePrefix: 0, lastName: 0, business: 0, domain: 0, inside: 0 };

  beforeAll(async () => {
    const { api } = t;
    admin = await api.signIn('ADMIN');
    const made = {
      inside: {
        email: 'x.demarlow@post.example',
        firstName: 'Kit',
        lastName: 'Demarlowe',
        businessName: null,
      },
      domain: { email: 'someone@marlowstudio.example', firstName: 'Pat', lastName: 'Quinn' },
      business: { email: 'office@quinn.example', firstName: 'Lee', lastName: 'Quinn', businessName: 'Marlow Weddings' },
      lastName: { email: 'jo@fern.example', firstName: 'Jo', lastName: 'Marlow' },
      namePrefix: { email: 'mq@fern.example', firstName: 'Marlow', lastName: 'Quade' },
      emailPrefix: { email: 'marlow.fan@fern.example', firstName: 'Ann', lastName: 'Fan' },
      exact: { email: 'marlow@fern.example', firstName: 'Ann', lastName: 'Other' },
    } as const;
    for (const [name, values] of Object.entries(made)) {
      id[name as keyof typeof id] = (await insertCustomer(t.api.db, values)).id;
    }
    for (let index = 0; index < 30; index++) {
      await insertCustomer(t.api.db, {
        email: `crowd${String(index).padStart(2, '0')}@crowd.example`,
        lastName: 'Crowd',
      });
    }
  });

  const ids = async (query: string) =>
    (await admin.get(t.api.users.search, { query })).json.users.map((user) => user.id);

  it('ranks an exact e-mail first, then prefixes (e-mail, name, last name, business, domain); containment only when nothing starts so', async () => {
    expect(await ids('marlow@fern.example')).toEqual([id.exact]);
    expect((await ids('Marlow@Fern.example'))[0]).toBe(id.exact);
    // The whole local part first (marlow@ before marlow.fan@), then the prefixes.
    expect(await ids('MARLOW')).toEqual([id.exact, id.emailPrefix, id.namePrefix, id.lastName, id.business, id.domain]);
    expect(await ids('emarlow')).toEqual([id.inside]);
  });

  it('puts an exact id first, before e-mails that contain the digits', async () => {
    const numbered = await insertCustomer(t.api.db, { email: `${id.inside}@digits.example` });
    const found = await ids(String(id.inside));
    expect(found[0]).toBe(id.inside);
    expect(found).toContain(numbered.id);
  });

  it('answers 20 at most when a query matches many, in a stable order', async () => {
    const crowd = await ids('crowd');
    expect(crowd).toHaveLength(20);
    expect(await ids('crowd')).toEqual(crowd);
    expect(await ids('crowd.example')).toHaveLength(20);
  });

  it('takes pattern characters literally', async () => {
    expect(await ids('_a')).toEqual([]);
    expect(await ids('%w')).toEqual([]);
  });
});
