// What other server modules may use of the students module (the boundaries check holds them to this file).
export { StudentsModule } from './students.module';
export { StudentsQueries } from './students.queries';
export { courseBalanceRows } from './balances.service';
