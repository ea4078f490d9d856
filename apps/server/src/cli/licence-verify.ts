// CLI entry; built by its issue.
process.stderr.write('not implemented yet\n');
process.exit(1);
