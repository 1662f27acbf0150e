import type { TestUser } from '../helpers/factories';
import type { Expected, MatrixRow, Method } from './authorization-matrix';
import type { World } from './world';

type Built<T> = T | Promise<T>;

/** How a row's request differs from a bare call of its route (each part built per case). */
export interface RowRequest {
  /** Whose resource the request touches: the client's unless said. */
  owner?: MatrixRow['owner'];
  /** The route's `:id`: a record of the world, or one of its own where the call changes state. */
  id?: (world: World) => Built<string | null>;
  /** The URL, where it is not the route (a query string, a file under a wildcard). */
  url?: (world: World) => Built<string>;
  /** The body; `caller` is null for the identities without a token. */
  body?: (world: World, caller: TestUser | null) => Built<Record<string, unknown>>;
}

/** A row of the authorization table whose request is its route, `:id` filled in, with its body. */
export function matrixRow(
  method: Method,
  route: string,
  expected: Expected,
  how: RowRequest = {},
): MatrixRow {
  return {
    method,
    route,
    owner: how.owner ?? 'client',
    expect: expected,
    async request(world, caller) {
      let url = how.url ? await how.url(world) : route;
      if (how.id) url = url.replace(':id', String(await how.id(world)));
      return how.body ? { url, payload: await how.body(world, caller) } : { url };
    },
  };
}
