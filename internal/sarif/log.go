package sarif

// The part of SARIF 2.1.0's object model that retrylint writes. Names and
// JSON keys are the specification's; optional members are omitted when
// empty, never written as null, which the schema rejects.

// Log is a SARIF log file.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one run of the tool.
type Run struct {
	Tool               Tool                        `json:"tool"`
	OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                      `json:"columnKind,omitempty"`
	Invocations        []Invocation                `json:"invocations"`
	Results            []Result                    `json:"results"`
}

// Invocation says whether the run did all it was asked to, and if not,
// what failed.
type Invocation struct {
	ExecutionSuccessful        bool           `json:"executionSuccessful"`
	ToolExecutionNotifications []Notification `json:"toolExecutionNotifications,omitempty"`
}

// Notification is a condition met while the tool ran: a package that
// could not be loaded, a check that failed.
type Notification struct {
	Level          string                        `json:"level,omitempty"`
	Message        Message                       `json:"message"`
	AssociatedRule *ReportingDescriptorReference `json:"associatedRule,omitempty"`
}

// ReportingDescriptorReference refers to a rule of the tool's driver.
type ReportingDescriptorReference struct {
	ID    string `json:"id"`
	Index int    `json:"index"`
}

// Tool is the analysis tool.
type Tool struct {
	Driver ToolComponent `json:"driver"`
}

// ToolComponent describes the tool and its rules.
type ToolComponent struct {
	Name            string                `json:"name"`
	Version         string                `json:"version,omitempty"`
	SemanticVersion string                `json:"semanticVersion,omitempty"`
	InformationURI  string                `json:"informationUri,omitempty"`
	Rules           []ReportingDescriptor `json:"rules,omitempty"`
}

// ReportingDescriptor is a rule: one check.
type ReportingDescriptor struct {
	ID                   string                    `json:"id"`
	ShortDescription     *MultiformatMessageString `json:"shortDescription,omitempty"`
	FullDescription      *MultiformatMessageString `json:"fullDescription,omitempty"`
	Help                 *MultiformatMessageString `json:"help,omitempty"`
	HelpURI              string                    `json:"helpUri,omitempty"`
	DefaultConfiguration *ReportingConfiguration   `json:"defaultConfiguration,omitempty"`
}

// MultiformatMessageString is a text with, optionally, its Markdown form.
type MultiformatMessageString struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// ReportingConfiguration is a rule's default configuration.
type ReportingConfiguration struct {
	Level string `json:"level,omitempty"`
}

// Result is one finding.
type Result struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level,omitempty"`
	Message             Message           `json:"message"`
	Locations           []Location        `json:"locations"`
	RelatedLocations    []Location        `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Fixes               []Fix             `json:"fixes,omitempty"`
}

// Message is a plain-text message.
type Message struct {
	Text string `json:"text"`
}

// Location is a location of a result, or a related one, which has an id
// (from 1) and a message.
type Location struct {
	ID               int               `json:"id,omitempty"`
	PhysicalLocation *PhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *Message          `json:"message,omitempty"`
}

// PhysicalLocation is a region of a file.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// ArtifactLocation names a file: a URI, relative to the location its
// uriBaseId stands for if it has one.
type ArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// Region is part of a file: lines and columns (from 1, columns in UTF-16
// code units, the end column that of the character after the region),
// bytes (an offset from 0 and a length), or both.
type Region struct {
	StartLine   int  `json:"startLine,omitempty"`
	StartColumn int  `json:"startColumn,omitempty"`
	EndLine     int  `json:"endLine,omitempty"`
	EndColumn   int  `json:"endColumn,omitempty"`
	ByteOffset  *int `json:"byteOffset,omitempty"`
	ByteLength  *int `json:"byteLength,omitempty"`
}

// Fix is a suggested fix: changes to files, applied together.
type Fix struct {
	Description     *Message         `json:"description,omitempty"`
	ArtifactChanges []ArtifactChange `json:"artifactChanges"`
}

// ArtifactChange is a fix's replacements in one file, in the order of
// their positions, each given in the file's original text.
type ArtifactChange struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Replacements     []Replacement    `json:"replacements"`
}

// Replacement deletes a region and inserts text in its place.
type Replacement struct {
	DeletedRegion   Region           `json:"deletedRegion"`
	InsertedContent *ArtifactContent `json:"insertedContent,omitempty"`
}

// ArtifactContent is inserted text.
type ArtifactContent struct {
	Text string `json:"text"`
}
