import DocScanCore
import Foundation

extension Shard {
    /// The shard a cluster scheduler gave this task, for `--shard auto`: Slurm job arrays
    /// (`SLURM_ARRAY_TASK_ID` minus `SLURM_ARRAY_TASK_MIN`, of `SLURM_ARRAY_TASK_COUNT`; with
    /// `DOCSCAN_SHARDS` set and an array of fewer tasks, such as one task submitted again with
    /// `--array=5`, the task ID is the shard), Kubernetes
    /// Indexed Jobs (`JOB_COMPLETION_INDEX`, of `DOCSCAN_SHARDS`, since Kubernetes does not pass the
    /// count), AWS Batch array jobs (`AWS_BATCH_JOB_ARRAY_INDEX`, `AWS_BATCH_JOB_ARRAY_SIZE`) and
    /// Cloud Run or GCP Batch jobs (`CLOUD_RUN_TASK_INDEX`, `CLOUD_RUN_TASK_COUNT`).
    ///
    /// Guessing would read some files twice and others never, so anything missing, not a number, or
    /// contradictory (two schedulers' variables that disagree, a Slurm array with gaps) is an error
    /// that names the variables.
    /// - Throws: `DocScanError.badShard`.
    public init(environment: [String: String]) throws {
        var found: [(shard: Shard, source: String)] = []
        if environment["SLURM_ARRAY_TASK_ID"] != nil {
            found.append((try Self.slurm(environment), "SLURM_ARRAY_TASK_ID"))
        }
        if environment["JOB_COMPLETION_INDEX"] != nil {
            guard environment["DOCSCAN_SHARDS"] != nil else {
                throw DocScanError.badShard(
                    "JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but DOCSCAN_SHARDS is not: set it to the Job's completions")
            }
            found.append((try Self.pair(environment, index: "JOB_COMPLETION_INDEX", count: "DOCSCAN_SHARDS"), "JOB_COMPLETION_INDEX"))
        }
        if environment["AWS_BATCH_JOB_ARRAY_INDEX"] != nil {
            found.append((try Self.pair(environment, index: "AWS_BATCH_JOB_ARRAY_INDEX", count: "AWS_BATCH_JOB_ARRAY_SIZE"), "AWS_BATCH_JOB_ARRAY_INDEX"))
        }
        if environment["CLOUD_RUN_TASK_INDEX"] != nil {
            found.append((try Self.pair(environment, index: "CLOUD_RUN_TASK_INDEX", count: "CLOUD_RUN_TASK_COUNT"), "CLOUD_RUN_TASK_INDEX"))
        }
        guard let first = found.first else {
            throw DocScanError.badShard(
                "--shard auto found no task index: none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX, CLOUD_RUN_TASK_INDEX is set; give --shard K/N instead")
        }
        if let other = found.first(where: { $0.shard != first.shard }) {
            throw DocScanError.badShard(
                "\(first.source) makes this shard \(first.shard) but \(other.source) makes it \(other.shard); unset the variables of the scheduler not in use")
        }
        let countsItself = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"]
        if let shards = environment["DOCSCAN_SHARDS"], !countsItself.contains(first.source), Int(shards) != first.shard.count {
            throw DocScanError.badShard("DOCSCAN_SHARDS is \(shards) but \(first.source) makes the count \(first.shard.count)")
        }
        self = first.shard
    }

    private static func slurm(_ environment: [String: String]) throws -> Shard {
        let id = try number(environment, "SLURM_ARRAY_TASK_ID")
        let min = try number(environment, "SLURM_ARRAY_TASK_MIN")
        let count = try number(environment, "SLURM_ARRAY_TASK_COUNT")
        // Part of an array numbered by shard (tasks resubmitted with --array=5 or --array=3,9): Slurm
        // counts only the tasks submitted, so the shard count comes from DOCSCAN_SHARDS.
        if environment["DOCSCAN_SHARDS"] != nil {
            let shards = try number(environment, "DOCSCAN_SHARDS")
            if count != shards {
                do {
                    return try Shard(index: id, count: shards)
                } catch {
                    throw DocScanError.badShard(
                        "SLURM_ARRAY_TASK_ID \(id) is not a shard of DOCSCAN_SHARDS \(shards): an array of fewer tasks than DOCSCAN_SHARDS (\(count)) must be numbered by shard, from 0")
                }
            }
        }
        // An array with gaps or a step (--array=1,5,9 or 0-15:2) does not number its tasks 0..<count.
        if environment["SLURM_ARRAY_TASK_MAX"] != nil {
            let max = try number(environment, "SLURM_ARRAY_TASK_MAX")
            guard max - min + 1 == count else {
                throw DocScanError.badShard(
                    "the Slurm array is not contiguous (SLURM_ARRAY_TASK_MIN \(min), SLURM_ARRAY_TASK_MAX \(max), SLURM_ARRAY_TASK_COUNT \(count)): submit it as --array=0-\(count - 1), set DOCSCAN_SHARDS to number tasks by shard, or give --shard K/N")
            }
        }
        do {
            return try Shard(index: id - min, count: count)
        } catch {
            throw DocScanError.badShard(
                "SLURM_ARRAY_TASK_ID \(id) minus SLURM_ARRAY_TASK_MIN \(min) is not a task of SLURM_ARRAY_TASK_COUNT \(count)")
        }
    }

    private static func pair(_ environment: [String: String], index: String, count: String) throws -> Shard {
        let k = try number(environment, index), n = try number(environment, count)
        do {
            return try Shard(index: k, count: n)
        } catch {
            throw DocScanError.badShard("\(index) is \(k), which is not a task of \(count) \(n) (tasks are numbered from 0)")
        }
    }

    private static func number(_ environment: [String: String], _ name: String) throws -> Int {
        guard let value = environment[name] else { throw DocScanError.badShard("\(name) is not set") }
        guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
            throw DocScanError.badShard("\(name) is '\(value)', not a whole number")
        }
        return number
    }
}
