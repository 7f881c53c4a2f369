// Builds an .xlsx file from plain rows, in a worker thread (queries/usage/usage-xlsx-scope.ts runs
// it through piscina): ExcelJS writes a workbook synchronously, and a large one on the event loop
// made every other request of the server wait (10 exports at once: 23 s). Plain JavaScript, as a
// worker thread starts without the TypeScript loader the server and the tests run under.
import ExcelJS from 'exceljs';

/** @param {{ sheets: { name: string, columns: [string, number][], rows: (string | number)[][] }[] }} spec */
export default async function buildWorkbook(spec) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sointu';
  for (const { name, columns, rows } of spec.sheets) {
    const sheet = workbook.addWorksheet(name);
    sheet.columns = columns.map(([header, width]) => ({ header, width }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    sheet.addRows(rows);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
