/// Models of `instruments.json`: a music tracker module ("epanos") with its instruments, samples
/// and patterns, in the style of Impulse Tracker.
///
/// Decode with `try JSONDecoder().decode(TrackerModule.self, from: data)`. Nearly every value is a
/// small integer; the few settings that pick one of a fixed list of behaviours are enums with `Int`
/// raw values, named after Impulse Tracker's meanings. Members that are `null` throughout the corpus
/// are optionals of the type they would plausibly hold.

// MARK: - Module

/// The whole document.
public struct TrackerModule: Codable, Equatable, Sendable {
  /// The module's title.
  public var name: String
  /// The format version, `1`.
  public var version: Int
  /// The song message; `null` in the corpus.
  public var message: String?
  /// The order in which patterns play, by pattern index; `null` in the corpus.
  public var orderlist: [Int]?
  /// The plugin routing graph; `null` in the corpus.
  public var graphstate: UnobservedValue?
  /// The plugins' saved state; `null` in the corpus.
  public var pluginstate: UnobservedValue?
  /// The instruments, by index.
  public var instruments: [TrackerInstrument]
  /// The samples the instruments play, by index.
  public var samples: [TrackerSample]
  /// The patterns, by index.
  public var patterns: [TrackerPattern]
}

// MARK: - Instruments

/// An instrument: which samples it plays and how its volume, panning and pitch change over a note.
public struct TrackerInstrument: Codable, Equatable, Sendable {
  /// The instrument's name; often empty.
  public var name: String
  /// The file name it was loaded from; empty in the corpus.
  public var legacyFilename: String
  /// The volume of the whole instrument, 0–64.
  public var globalVolume: Int
  /// How fast a released note fades out.
  public var fadeout: Int
  /// The default panning, 0–256 (128 is the centre).
  public var defaultPan: Int
  /// The filter cutoff used when ``defaultFilterCutoffEnabled`` is set.
  public var defaultFilterCutoff: Int
  /// Whether the instrument sets the filter cutoff.
  public var defaultFilterCutoffEnabled: Bool
  /// The filter resonance used when ``defaultFilterResonanceEnabled`` is set.
  public var defaultFilterResonance: Int
  /// Whether the instrument sets the filter resonance.
  public var defaultFilterResonanceEnabled: Bool
  /// The filter type.
  public var defaultFilterMode: TrackerFilterMode
  /// What happens to a playing note when a new note starts on its channel.
  public var newNoteAction: TrackerNewNoteAction
  /// What counts as a duplicate of a playing note.
  public var duplicateCheckType: TrackerDuplicateCheckType
  /// What happens to a duplicate note.
  public var duplicateNoteAction: TrackerDuplicateNoteAction
  /// The note around which pitch-pan separation is centred.
  public var pitchPanCenter: Int
  /// How much the pitch moves the panning.
  public var pitchPanSeparation: Int
  /// Whether the pitch locks the tempo; `0` in the corpus.
  public var pitchToTempoLock: Int
  /// Random variation of the cutoff, in percent.
  public var randomCutoffWeight: Int
  /// Random variation of the panning.
  public var randomPanWeight: Int
  /// Random variation of the resonance, in percent.
  public var randomResonanceWeight: Int
  /// Random variation of the volume, in percent.
  public var randomVolumeWeight: Int
  /// The volume ramp at a note's start.
  public var volumeRampUp: Int
  /// The volume ramp at a note's end.
  public var volumeRampDown: Int
  /// The plugin the instrument plays through; `0` for none.
  public var graphInsert: Int
  /// The MIDI bank.
  public var midiBank: Int
  /// The MIDI channel; `0` for none.
  public var midiChannel: Int
  /// The MIDI drum set.
  public var midiDrumSet: Int
  /// The MIDI program.
  public var midiProgram: Int
  /// The note each key plays; `null` in the corpus.
  public var noteMap: [Int]?
  /// The sample each key plays; `null` in the corpus.
  public var sampleMap: [Int]?
  /// The tuning's name; `null` in the corpus.
  public var tuning: String?
  /// The volume over time.
  public var volumeEnvelope: TrackerEnvelope
  /// The panning over time.
  public var panningEnvelope: TrackerEnvelope
  /// The pitch over time.
  public var pitchEnvelope: TrackerEnvelope

  enum CodingKeys: String, CodingKey {
    case name
    case legacyFilename = "legacy_filename"
    case globalVolume = "global_volume"
    case fadeout
    case defaultPan = "default_pan"
    case defaultFilterCutoff = "default_filter_cutoff"
    case defaultFilterCutoffEnabled = "default_filter_cutoff_enabled"
    case defaultFilterResonance = "default_filter_resonance"
    case defaultFilterResonanceEnabled = "default_filter_resonance_enabled"
    case defaultFilterMode = "default_filter_mode"
    case newNoteAction = "new_note_action"
    case duplicateCheckType = "duplicate_check_type"
    case duplicateNoteAction = "duplicate_note_action"
    case pitchPanCenter = "pitch_pan_center"
    case pitchPanSeparation = "pitch_pan_separation"
    case pitchToTempoLock = "pitch_to_tempo_lock"
    case randomCutoffWeight = "random_cutoff_weight"
    case randomPanWeight = "random_pan_weight"
    case randomResonanceWeight = "random_resonance_weight"
    case randomVolumeWeight = "random_volume_weight"
    case volumeRampUp = "volume_ramp_up"
    case volumeRampDown = "volume_ramp_down"
    case graphInsert = "graph_insert"
    case midiBank = "midi_bank"
    case midiChannel = "midi_channel"
    case midiDrumSet = "midi_drum_set"
    case midiProgram = "midi_program"
    case noteMap = "note_map"
    case sampleMap = "sample_map"
    case tuning
    case volumeEnvelope = "volume_envelope"
    case panningEnvelope = "panning_envelope"
    case pitchEnvelope = "pitch_envelope"
  }
}

/// A curve over time, as points joined by straight lines, with an optional loop and sustain loop.
public struct TrackerEnvelope: Codable, Equatable, Sendable {
  /// The points, in tick order.
  public var nodes: [TrackerEnvelopeNode]
  /// The first node of the loop.
  public var loopStart: Int
  /// The last node of the loop.
  public var loopEnd: Int
  /// The first node of the sustain loop.
  public var sustainStart: Int
  /// The last node of the sustain loop.
  public var sustainEnd: Int
  /// The node where the released note continues; `255` for none.
  public var releaseNode: Int

  enum CodingKeys: String, CodingKey {
    case nodes
    case loopStart = "loop_start"
    case loopEnd = "loop_end"
    case sustainStart = "sustain_start"
    case sustainEnd = "sustain_end"
    case releaseNode = "release_node"
  }
}

/// One point of an envelope.
public struct TrackerEnvelopeNode: Codable, Equatable, Sendable {
  /// The time, in ticks from the note's start.
  public var tick: Int
  /// The value, 0–64 (32 is the middle for panning and pitch).
  public var value: Int
}

// MARK: - Samples

/// A recorded sound and how it loops and plays.
public struct TrackerSample: Codable, Equatable, Sendable {
  /// The sample's name; `test` throughout the corpus.
  public var name: String
  /// The file name it was loaded from, cut to 12 characters; sometimes empty.
  public var legacyFilename: String
  /// The length, in sample frames.
  public var length: Int
  /// The playback rate of middle C, in Hz.
  public var c5Samplerate: Int
  /// The sample's own volume, 0–64.
  public var globalVolume: Int
  /// The default volume, 0–256.
  public var volume: Int
  /// The default panning, 0–256.
  public var pan: Int
  /// The first frame of the loop.
  public var loopStart: Int
  /// The frame after the loop.
  public var loopEnd: Int
  /// The first frame of the sustain loop.
  public var sustainStart: Int
  /// The frame after the sustain loop.
  public var sustainEnd: Int
  /// The auto-vibrato's waveform.
  public var vibratoType: TrackerVibratoType
  /// The auto-vibrato's depth.
  public var vibratoDepth: Int
  /// The auto-vibrato's speed.
  public var vibratoRate: Int
  /// How long the auto-vibrato takes to reach full depth.
  public var vibratoSweep: Int

  enum CodingKeys: String, CodingKey {
    case name
    case legacyFilename = "legacy_filename"
    case length
    case c5Samplerate = "c5_samplerate"
    case globalVolume = "global_volume"
    case volume
    case pan
    case loopStart = "loop_start"
    case loopEnd = "loop_end"
    case sustainStart = "sustain_start"
    case sustainEnd = "sustain_end"
    case vibratoType = "vibrato_type"
    case vibratoDepth = "vibrato_depth"
    case vibratoRate = "vibrato_rate"
    case vibratoSweep = "vibrato_sweep"
  }
}

// MARK: - Patterns

/// A block of rows of notes, played in the order of the module's order list.
public struct TrackerPattern: Codable, Equatable, Sendable {
  /// The pattern's name; often empty.
  public var name: String
  /// The number of rows.
  public var rows: Int
  /// Rows per beat; `0` for the module's default.
  public var rowsPerBeat: Int
  /// Rows per measure; `0` for the module's default.
  public var rowsPerMeasure: Int
  /// The non-empty cells; `null` for an empty pattern.
  public var data: [TrackerPatternCell]?

  enum CodingKeys: String, CodingKey {
    case name
    case rows
    case rowsPerBeat = "rows_per_beat"
    case rowsPerMeasure = "rows_per_measure"
    case data
  }
}

/// One cell of a pattern: a note with its instrument, volume command and effect.
public struct TrackerPatternCell: Codable, Equatable, Sendable {
  /// The row.
  public var row: Int
  /// The channel.
  public var channel: Int
  /// The note, 1–120, or a special value such as `254` (note cut).
  public var note: Int
  /// The instrument, 1-based; `0` for none.
  public var instr: Int
  /// The volume column's command.
  public var volcmd: Int
  /// The volume column's value.
  public var volval: Int
  /// The effect command.
  public var fxcmd: Int
  /// The effect's parameter.
  public var fxparam: Int
}

// MARK: - Settings

/// An instrument's filter type.
public enum TrackerFilterMode: Int, Codable, Equatable, Sendable {
  /// A low-pass filter.
  case lowPass = 0
  /// A high-pass filter.
  case highPass = 1
  /// Whatever filter the channel already has.
  case unchanged = 255
}

/// What happens to a playing note when a new note starts on its channel.
public enum TrackerNewNoteAction: Int, Codable, Equatable, Sendable {
  /// The old note stops at once.
  case cut = 0
  /// The old note keeps playing in the background.
  case `continue` = 1
  /// The old note is released.
  case noteOff = 2
  /// The old note fades out.
  case noteFade = 3
}

/// What counts as a duplicate of a playing note.
public enum TrackerDuplicateCheckType: Int, Codable, Equatable, Sendable {
  /// Nothing: no duplicate check.
  case off = 0
  /// The same note.
  case note = 1
  /// The same sample.
  case sample = 2
  /// The same instrument.
  case instrument = 3
}

/// What happens to a note found to be a duplicate.
public enum TrackerDuplicateNoteAction: Int, Codable, Equatable, Sendable {
  /// It stops at once.
  case cut = 0
  /// It is released.
  case noteOff = 1
  /// It fades out.
  case noteFade = 2
}

/// The waveform of a sample's auto-vibrato.
public enum TrackerVibratoType: Int, Codable, Equatable, Sendable {
  /// A sine wave.
  case sine = 0
  /// A falling ramp.
  case rampDown = 1
  /// A square wave.
  case square = 2
  /// Random values.
  case random = 3
}
