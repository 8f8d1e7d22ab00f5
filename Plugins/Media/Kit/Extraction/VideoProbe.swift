import Foundation
import Subprocess

import SystemPackage

/// Checks a downloaded file with ffprobe: it must contain a video stream (yt-dlp exits 0 in cases
/// that leave no playable file, e.g. an audio-only download or a merge without ffmpeg).
enum VideoProbe {
    static func verify(_ path: String, ffprobe: String) async throws(ExtractionError) -> (codec: String, width: Int, height: Int, duration: Double?) {
        let output: String
        do {
            let result = try await run(
                .path(FilePath(ffprobe)),
                arguments: [
                    "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name,width,height:format=duration",
                    "-of", "json", "--", path,
                ],
                output: .string(limit: 64 * 1024), error: .string(limit: 16 * 1024))
            guard result.terminationStatus.isSuccess else {
                throw ExtractionError.unplayable("ffprobe cannot read it (\(result.standardError))")
            }
            output = result.standardOutput
        } catch let error as ExtractionError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .unplayable("ffprobe could not run: \(error)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
            let stream = (object["streams"] as? [[String: Any]])?.first, let codec = stream["codec_name"] as? String
        else { throw .unplayable("it has no video stream") }
        let duration = ((object["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init)
        return (codec, stream["width"] as? Int ?? 0, stream["height"] as? Int ?? 0, duration)
    }
}
