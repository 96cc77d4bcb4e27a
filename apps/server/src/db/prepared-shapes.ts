/**
 * A per-request query whose SQL comes in a few shapes (which conditions it has), each built once per database handle
 * and sent as its own named prepared statement: `preparedQuery` for each shape. `nameOf` gives a shape its
 * statement's name, unique among the shapes.
 */
import { preparedQuery, type Executor } from './database.js';

export function preparedShapes<Shape, Q>(
  nameOf: (shape: Shape) => string,
  build: (db: Executor, shape: Shape, name: string) => Q,
): (db: Executor, shape: Shape) => Q {
  const byName = new Map<string, (db: Executor) => Q>();
  return (db, shape) => {
    const name = nameOf(shape);
    let query = byName.get(name);
    if (!query) byName.set(name, (query = preparedQuery((handle) => build(handle, shape, name))));
    return query(db);
  };
}
