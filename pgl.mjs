import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import pg from 'pg'
let t=Date.now()
const lite = new PGlite('memory://', { extensions: { btree_gist, citext, unaccent } })
await lite.waitReady
console.log('ready', Date.now()-t)
const pool = new pg.Pool(createPgConfig(lite))
const r = await pool.query('select version(), $1::int + 1 as x', [41])
console.log(r.rows)
await pool.query('create extension if not exists btree_gist; create extension if not exists citext; create extension if not exists unaccent')
console.log((await pool.query("select unaccent('Psicóloga São') as u")).rows, Date.now()-t)
const dump = await lite.dumpDataDir('gzip'); console.log('dump', dump.size, Date.now()-t)
t=Date.now()
const lite2 = new PGlite({ loadDataDir: dump, extensions: { btree_gist, citext, unaccent } }); await lite2.waitReady
console.log((await lite2.query("select unaccent('Olá')")).rows, Date.now()-t)
