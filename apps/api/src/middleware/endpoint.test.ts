import { endpointRouter, endpoints } from './endpoint';

const GROUP = endpoints({
  getThing: { method: 'get', path: '/thing', access: 'staff', summary: 'A thing', ok: { status: 200, description: 'The thing' } },
  addThing: {
    method: 'post',
    path: '/thing',
    access: 'public',
    idempotent: true,
    summary: 'Add a thing',
    ok: { status: 201, description: 'The thing' },
  },
});

describe('endpointRouter', () => {
  it('names each endpoint by its key, the operation id', () => {
    expect([GROUP.getThing.id, GROUP.addThing.id]).toEqual(['getThing', 'addThing']);
  });

  it('refuses at start-up an endpoint that needs an access check or an Idempotency-Key its router was not given', () => {
    const { mount } = endpointRouter();
    expect(() => mount(GROUP.getThing, () => ({}))).toThrow('getThing needs access, but its router was given none');
    expect(() => mount(GROUP.addThing, () => ({}))).toThrow('addThing needs idempotency, but its router was given none');
  });
});
