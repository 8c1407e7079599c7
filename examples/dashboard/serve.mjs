// node serve.mjs [port]: serves index.html, bundle.js and /daily (the stored daily hlls as
// JSON) from the database that PGHOST/PGDATABASE/... name. A sketch of the server side only:
// any endpoint that returns `SELECT day, visitors FROM daily_uniques ORDER BY day` will do.
import http from "node:http";
import { readFile } from "node:fs/promises";
import pg from "pg";

const pool = new pg.Pool();
const port = Number(process.argv[2] ?? 8080);
const files = { "/": ["index.html", "text/html"], "/bundle.js": ["bundle.js", "text/javascript"] };

http.createServer(async (req, res) => {
  try {
    if (req.url === "/daily") {
      const { rows } = await pool.query("SELECT day::text AS day, visitors::text AS visitors FROM daily_uniques ORDER BY day");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rows));
    } else if (files[req.url]) {
      const [name, type] = files[req.url];
      res.writeHead(200, { "content-type": type }).end(await readFile(new URL(name, import.meta.url)));
    } else res.writeHead(404).end();
  } catch (e) {
    res.writeHead(500).end(String(e.message));
  }
}).listen(port, () => console.log(`http://localhost:${port}/`));
