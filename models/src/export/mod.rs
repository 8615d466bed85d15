//! Exports a trained network for use outside mankala: an ONNX graph (built from the ONNX
//! protobuf types of `tract-onnx`, encoded with `prost`) or safetensors weights in PyTorch's
//! layout, each with a JSON sidecar that says what the inputs, outputs and actions mean
//! ([`export_model`] writes the three files, typed in `sidecar.rs`). [`OnnxRunner`] runs an
//! exported ONNX file through tract.
//!
//! The graph, for an encoding of `E` values, `A` actions, width `W` and value width `V`:
//!
//! ```text
//! features [N, E] -> Gemm(input) -> Relu -> h [N, W]
//! per block:  h -> Gemm(first) -> Relu -> Gemm(second) -> Add(h) -> Relu -> h [N, W]
//! policy_logits [N, A] = Gemm(policy)(h)
//! value [N, 1] = Tanh(Gemm(value_out)(Relu(Gemm(value_hidden)(h))))
//! score [N, 1] = Tanh(Gemm(score_out)(Relu(Gemm(value_hidden)(h))))   (a score head only)
//! ```
//!
//! A ring network (`models::net`), with `P` positions, `Cin` values per position, `C`
//! channels; `conv(x)` is `MatMul` of each position's neighbourhood (`Slice`, `Concat`
//! around the ring: the position before, the position, the position after) by `[3c, C]`
//! weights, plus the bias:
//!
//! ```text
//! holes [N, P, Cin] = Reshape(Gather(features, ring.index, axis 1))
//! h [N, P, C] = Relu(conv(ring.stem)(holes) + Unsqueeze(Gemm(input)(features), 1))
//! per block:  h -> Relu(conv(first)) -> conv(second) -> Add(h) -> Relu -> h
//! policy_logits [N, A] = Gemm(policy)(Reshape(h, [N, P * C]))
//! value [N, 1] = Tanh(Gemm(value_out)(Relu(Gemm(value_hidden)(Concat(ReduceMean(h, 1), ReduceMax(h, 1))))))
//! ```

use std::path::Path;

use burn::nn::Linear;
use burn::tensor::Tensor;
use prost::Message;
use serde::Serialize;
use tract_onnx::pb;
use tract_onnx::pb::tensor_proto::DataType;
use tract_onnx::prelude::{
    Arc, Datum, Framework, InferenceModelExt, IntoRunnable, TValue, TypedRunnableModel, tvec,
};

use mankala_data::atomic;

use crate::file::{ModelError, ModelMeta};

mod sidecar;
use crate::net::PolicyValueNet;
pub use sidecar::{
    ExportError, ExportFormat, ExportRequest, Exported, NetworkDescription, ReferenceSamples,
    SampleRow, Sidecar, TensorInfo, Trained, UnknownExportFormat, export_model, forward_heads,
    random_positions, samples_path, sidecar_path,
};

/// Version of the export sidecar's layout.
pub const EXPORT_FORMAT_VERSION: u32 = 1;
/// The ONNX operator set the graph is written for.
pub const OPSET: i64 = 13;
/// Input and output names of the exported graph.
pub const INPUT: &str = "features";
/// Policy output: one logit per action.
pub const POLICY: &str = "policy_logits";
/// Value output.
pub const VALUE: &str = "value";
/// Score output (a network with a score head only).
pub const SCORE: &str = "score";

/// One linear layer's weights: `weight [in, out]` (burn's layout), `bias [out]`.
#[derive(Clone, Debug)]
pub struct Layer {
    /// Name of the layer (`input`, `blocks.0.first`, `policy`, ...).
    pub name: String,
    /// Input width.
    pub inputs: usize,
    /// Output width.
    pub outputs: usize,
    /// Row-major `[inputs, outputs]`.
    pub weight: Vec<f32>,
    /// `[outputs]`.
    pub bias: Vec<f32>,
}

fn layer(name: &str, l: &Linear) -> Layer {
    let w: Tensor<2> = l.weight.val();
    let [inputs, outputs] = w.dims();
    let weight = w.into_data().try_to_vec::<f32>().expect("f32 weights");
    let bias = l.bias.as_ref().map_or_else(
        || vec![0.0; outputs],
        |b| b.val().into_data().try_to_vec::<f32>().expect("f32 bias"),
    );
    Layer {
        name: name.to_string(),
        inputs,
        outputs,
        weight,
        bias,
    }
}

impl PolicyValueNet {
    /// Every linear layer, in the order the forward pass uses them (a ring network's
    /// convolutions as the linear layers of each position's neighbourhood: `ring.stem`,
    /// `ring.blocks.{i}.first`, ...), the score head's `score_out` last.
    pub fn layers(&self) -> Vec<Layer> {
        let mut out = vec![layer("input", &self.input)];
        for (i, b) in self.blocks.iter().enumerate() {
            out.push(layer(&format!("blocks.{i}.first"), &b.first));
            out.push(layer(&format!("blocks.{i}.second"), &b.second));
        }
        if let Some(ring) = &self.ring {
            out.push(layer("ring.stem", &ring.stem));
            for (i, b) in ring.blocks.iter().enumerate() {
                out.push(layer(&format!("ring.blocks.{i}.first"), &b.first));
                out.push(layer(&format!("ring.blocks.{i}.second"), &b.second));
            }
        }
        out.push(layer("policy", &self.policy));
        out.push(layer("value_hidden", &self.value_hidden));
        out.push(layer("value_out", &self.value_out));
        if let Some(score) = &self.score_out {
            out.push(layer("score_out", score));
        }
        out
    }
}

fn tensor(name: &str, dims: &[usize], values: &[f32]) -> pb::TensorProto {
    pb::TensorProto {
        name: name.to_string(),
        dims: dims.iter().map(|&d| d as i64).collect(),
        data_type: DataType::Float as i32,
        raw_data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        ..Default::default()
    }
}

fn node(op: &str, inputs: &[&str], output: &str) -> pb::NodeProto {
    pb::NodeProto {
        op_type: op.to_string(),
        name: format!("{op}:{output}"),
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: vec![output.to_string()],
        ..Default::default()
    }
}

/// A float tensor `[batch, width]` with a symbolic batch.
fn value_info(name: &str, width: usize, doc: &str) -> pb::ValueInfoProto {
    use pb::tensor_shape_proto::{Dimension, dimension::Value};
    let dims = [
        Value::DimParam("batch".to_string()),
        Value::DimValue(width as i64),
    ];
    pb::ValueInfoProto {
        name: name.to_string(),
        doc_string: doc.to_string(),
        r#type: Some(pb::TypeProto {
            value: Some(pb::type_proto::Value::TensorType(pb::type_proto::Tensor {
                elem_type: DataType::Float as i32,
                shape: Some(pb::TensorShapeProto {
                    dim: dims
                        .into_iter()
                        .map(|v| Dimension {
                            value: Some(v),
                            ..Default::default()
                        })
                        .collect(),
                }),
            })),
            ..Default::default()
        }),
    }
}

/// Adds `Gemm(x, W, b)` for `l` to the graph; returns the output's name.
fn gemm(graph: &mut pb::GraphProto, l: &Layer, x: &str) -> String {
    let (w, b, y) = (
        format!("{}.weight", l.name),
        format!("{}.bias", l.name),
        format!("{}.out", l.name),
    );
    graph
        .initializer
        .push(tensor(&w, &[l.inputs, l.outputs], &l.weight));
    graph.initializer.push(tensor(&b, &[l.outputs], &l.bias));
    graph.node.push(node("Gemm", &[x, &w, &b], &y));
    y
}

fn unary(graph: &mut pb::GraphProto, op: &str, x: &str, y: &str) -> String {
    graph.node.push(node(op, &[x], y));
    y.to_string()
}

/// A constant int64 tensor in the graph; returns its name.
fn ints(graph: &mut pb::GraphProto, name: &str, dims: &[usize], values: &[i64]) -> String {
    graph.initializer.push(pb::TensorProto {
        name: name.to_string(),
        dims: dims.iter().map(|&d| d as i64).collect(),
        data_type: DataType::Int64 as i32,
        raw_data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        ..Default::default()
    });
    name.to_string()
}

/// `node` with integer attributes (`(name, [value])` a single int, longer lists as ints).
fn with_ints(mut n: pb::NodeProto, attrs: &[(&str, &[i64])]) -> pb::NodeProto {
    use pb::attribute_proto::AttributeType;
    for (name, v) in attrs {
        let mut a = pb::AttributeProto {
            name: name.to_string(),
            ..Default::default()
        };
        if name.starts_with("axes") {
            a.r#type = AttributeType::Ints as i32;
            a.ints = v.to_vec();
        } else {
            a.r#type = AttributeType::Int as i32;
            a.i = v[0];
        }
        n.attribute.push(a);
    }
    n
}

/// `x [N, P, c]` sliced to positions `from..to` along axis 1.
fn slice(g: &mut pb::GraphProto, x: &str, from: usize, to: usize, y: &str) -> String {
    let starts = ints(g, &format!("{y}.starts"), &[1], &[from as i64]);
    let ends = ints(g, &format!("{y}.ends"), &[1], &[to as i64]);
    let axes = ints(g, &format!("{y}.axes"), &[1], &[1]);
    g.node.push(node("Slice", &[x, &starts, &ends, &axes], y));
    y.to_string()
}

fn concat(g: &mut pb::GraphProto, xs: &[&str], axis: i64, y: &str) -> String {
    g.node
        .push(with_ints(node("Concat", xs, y), &[("axis", &[axis])]));
    y.to_string()
}

/// The ring convolution of `l` on `x [N, P, c]`: `[N, P, C]` (`models::net::ring_conv`).
fn ring_conv(g: &mut pb::GraphProto, l: &Layer, x: &str, p: usize) -> String {
    let n = &l.name;
    let last = slice(g, x, p - 1, p, &format!("{n}.last"));
    let but_last = slice(g, x, 0, p - 1, &format!("{n}.but_last"));
    let first = slice(g, x, 0, 1, &format!("{n}.first_position"));
    let but_first = slice(g, x, 1, p, &format!("{n}.but_first"));
    let before = concat(g, &[&last, &but_last], 1, &format!("{n}.before"));
    let after = concat(g, &[&but_first, &first], 1, &format!("{n}.after"));
    let around = concat(g, &[&before, x, &after], 2, &format!("{n}.around"));
    let (w, b) = (format!("{n}.weight"), format!("{n}.bias"));
    g.initializer
        .push(tensor(&w, &[l.inputs, l.outputs], &l.weight));
    g.initializer.push(tensor(&b, &[l.outputs], &l.bias));
    let product = format!("{n}.product");
    g.node.push(node("MatMul", &[&around, &w], &product));
    let y = format!("{n}.out");
    g.node.push(node("Add", &[&product, &b], &y));
    y
}

/// The ring trunk and its heads' inputs: `(policy input [N, P*C], value input [N, 2C])`.
fn ring_trunk(g: &mut pb::GraphProto, net: &PolicyValueNet, layers: &[Layer]) -> (String, String) {
    let ring = net.ring.as_ref().expect("a ring network");
    let (p, cin) = (ring.layout.positions, ring.layout.channels);
    let c = layers[1].outputs;
    let index: Vec<i64> = ring.layout.index.iter().map(|&i| i64::from(i)).collect();
    let index = ints(g, "ring.index", &[p * cin], &index);
    g.node.push(with_ints(
        node("Gather", &[INPUT, &index], "ring.gathered"),
        &[("axis", &[1])],
    ));
    let shape = ints(g, "ring.holes.shape", &[3], &[-1, p as i64, cin as i64]);
    g.node
        .push(node("Reshape", &["ring.gathered", &shape], "ring.holes"));
    let global = gemm(g, &layers[0], INPUT);
    let axes = ints(g, "global.axes", &[1], &[1]);
    g.node
        .push(node("Unsqueeze", &[&global, &axes], "global.per_position"));
    let stem = ring_conv(g, &layers[1], "ring.holes", p);
    g.node.push(node(
        "Add",
        &[&stem, "global.per_position"],
        "ring.stem.sum",
    ));
    let mut h = unary(g, "Relu", "ring.stem.sum", "ring.stem.relu");
    for (i, pair) in layers[2..layers.len() - 3].chunks(2).enumerate() {
        let a = ring_conv(g, &pair[0], &h, p);
        let a = unary(g, "Relu", &a, &format!("ring.blocks.{i}.first.relu"));
        let b = ring_conv(g, &pair[1], &a, p);
        let sum = format!("ring.blocks.{i}.sum");
        g.node.push(node("Add", &[&b, &h], &sum));
        h = unary(g, "Relu", &sum, &format!("ring.blocks.{i}.relu"));
    }
    let flat = ints(g, "ring.flat.shape", &[2], &[-1, (p * c) as i64]);
    g.node.push(node("Reshape", &[&h, &flat], "ring.flat"));
    for op in ["ReduceMean", "ReduceMax"] {
        let n = with_ints(
            node(op, &[&h], &format!("ring.{op}")),
            &[("axes", &[1]), ("keepdims", &[0])],
        );
        g.node.push(n);
    }
    let pooled = concat(g, &["ring.ReduceMean", "ring.ReduceMax"], 1, "ring.pooled");
    ("ring.flat".to_string(), pooled)
}

/// The MLP's trunk: returns `h [N, W]`.
fn mlp_trunk(g: &mut pb::GraphProto, layers: &[Layer]) -> String {
    let blocks = (layers.len() - 4) / 2;
    let mut h = gemm(g, &layers[0], INPUT);
    h = unary(g, "Relu", &h, "input.relu");
    for i in 0..blocks {
        let (first, second) = (&layers[1 + 2 * i], &layers[2 + 2 * i]);
        let a = gemm(g, first, &h);
        let a = unary(g, "Relu", &a, &format!("blocks.{i}.first.relu"));
        let b = gemm(g, second, &a);
        let sum = format!("blocks.{i}.sum");
        g.node.push(node("Add", &[&b, &h], &sum));
        h = unary(g, "Relu", &sum, &format!("blocks.{i}.relu"));
    }
    h
}

/// The ONNX model of `net`, with `meta`'s facts in its metadata.
pub fn onnx_model(net: &PolicyValueNet, meta: &ModelMeta, code_version: &str) -> pb::ModelProto {
    let mut layers = net.layers();
    let score = net
        .score_out
        .is_some()
        .then(|| layers.pop().expect("the score head's layer is last"));
    let mut g = pb::GraphProto {
        name: format!("mankala-{}", meta.variant),
        ..Default::default()
    };
    let (policy_in, value_in) = if net.ring.is_some() {
        ring_trunk(&mut g, net, &layers)
    } else {
        let h = mlp_trunk(&mut g, &layers);
        (h.clone(), h)
    };
    let n = layers.len();
    let logits = gemm(&mut g, &layers[n - 3], &policy_in);
    g.node.push(node("Identity", &[&logits], POLICY));
    let v = gemm(&mut g, &layers[n - 2], &value_in);
    let hidden = unary(&mut g, "Relu", &v, "value_hidden.relu");
    let v = gemm(&mut g, &layers[n - 1], &hidden);
    unary(&mut g, "Tanh", &v, VALUE);
    if let Some(score) = &score {
        let s = gemm(&mut g, score, &hidden);
        unary(&mut g, "Tanh", &s, SCORE);
    }
    g.input.push(value_info(
        INPUT,
        meta.encoding_len,
        "the engine's player-relative encoding of positions (see the JSON sidecar)",
    ));
    g.output.push(value_info(
        POLICY,
        meta.num_actions,
        "one logit per action index; softmax over the legal actions only",
    ));
    g.output.push(value_info(
        VALUE,
        1,
        "the position's value for the player to move, in [-1, 1]",
    ));
    if score.is_some() {
        g.output.push(value_info(
            SCORE,
            1,
            "the game's final seed margin for the player to move, as tanh(margin / score_scale)",
        ));
    }
    let props = [
        ("mankala.variant", meta.variant.clone()),
        ("mankala.rules", meta.rules.clone()),
        (
            "mankala.encoding_version",
            meta.encoding_version.to_string(),
        ),
        ("mankala.step", meta.step.to_string()),
        ("mankala.code_version", meta.code_version.clone()),
    ];
    pb::ModelProto {
        ir_version: 7,
        opset_import: vec![pb::OperatorSetIdProto {
            domain: String::new(),
            version: OPSET,
        }],
        producer_name: "mankala".to_string(),
        producer_version: code_version.to_string(),
        doc_string: format!("mankala policy-value network for {}", meta.variant),
        graph: Some(g),
        metadata_props: props
            .into_iter()
            .map(|(k, v)| pb::StringStringEntryProto {
                key: k.to_string(),
                value: v,
            })
            .collect(),
        ..Default::default()
    }
}

/// Writes `net` as an ONNX file at `path` (through a temporary file).
///
/// # Errors
/// [`ModelError::Io`] naming the file.
pub fn write_onnx(
    net: &PolicyValueNet,
    meta: &ModelMeta,
    code_version: &str,
    path: &Path,
) -> Result<(), ModelError> {
    let bytes = onnx_model(net, meta, code_version).encode_to_vec();
    Ok(atomic::write(path, &bytes)?)
}

/// A tensor of the safetensors file: name, shape (PyTorch's `nn.Linear` layout: weights
/// `[out, in]`), values.
pub fn safetensors_tensors(net: &PolicyValueNet) -> Vec<(String, Vec<usize>, Vec<f32>)> {
    let mut out = Vec::new();
    for l in net.layers() {
        // burn keeps [in, out]; PyTorch's Linear keeps [out, in].
        let mut t = vec![0.0; l.weight.len()];
        for i in 0..l.inputs {
            for o in 0..l.outputs {
                t[o * l.inputs + i] = l.weight[i * l.outputs + o];
            }
        }
        out.push((format!("{}.weight", l.name), vec![l.outputs, l.inputs], t));
        out.push((format!("{}.bias", l.name), vec![l.outputs], l.bias));
    }
    out
}

/// A ring network's `ring.index` (`[P, Cin]`, int64): the encoding index each position's
/// channels are read from.
pub fn ring_index(net: &PolicyValueNet) -> Option<(Vec<usize>, Vec<i64>)> {
    let ring = net.ring.as_ref()?;
    let l = &ring.layout;
    let index = l.index.iter().map(|&i| i64::from(i)).collect();
    Some((vec![l.positions, l.channels], index))
}

/// Writes `net`'s weights as a safetensors file at `path` (through a temporary file), with
/// `metadata` in its header.
///
/// # Errors
/// [`ModelError::Io`] naming the file.
pub fn write_safetensors(
    net: &PolicyValueNet,
    metadata: Vec<(String, String)>,
    path: &Path,
) -> Result<(), ModelError> {
    use safetensors::tensor::{Dtype, TensorView};
    let mut tensors: Vec<(String, Dtype, Vec<usize>, Vec<u8>)> = safetensors_tensors(net)
        .into_iter()
        .map(|(name, shape, v)| {
            let bytes = v.iter().flat_map(|x| x.to_le_bytes()).collect();
            (name, Dtype::F32, shape, bytes)
        })
        .collect();
    if let Some((shape, index)) = ring_index(net) {
        let bytes = index.iter().flat_map(|x| x.to_le_bytes()).collect();
        tensors.push(("ring.index".to_string(), Dtype::I64, shape, bytes));
    }
    let views: Vec<(String, TensorView<'_>)> = tensors
        .iter()
        .map(|(name, dtype, shape, b)| {
            let view = TensorView::new(*dtype, shape.clone(), b).expect("shape fits data");
            (name.clone(), view)
        })
        .collect();
    let data = safetensors::serialize(views, Some(metadata.into_iter().collect()))
        .expect("f32 tensors serialize");
    Ok(atomic::write(path, &data)?)
}

/// An input or output of the exported model, for the sidecar.
#[derive(Clone, Debug, Serialize)]
pub struct Port {
    /// Tensor name.
    pub name: &'static str,
    /// Shape; `"batch"` is any number of positions.
    pub shape: (&'static str, usize),
    /// Element type.
    pub dtype: &'static str,
    /// What it holds.
    pub meaning: &'static str,
}

/// The inputs and outputs of an exported model of `meta`'s shape.
pub fn ports(meta: &ModelMeta) -> (Vec<Port>, Vec<Port>) {
    (
        vec![Port {
            name: INPUT,
            shape: ("batch", meta.encoding_len),
            dtype: "float32",
            meaning: "positions encoded as the engine does, from the view of the player to move \
                      (the features list says what each value is)",
        }],
        vec![
            Port {
                name: POLICY,
                shape: ("batch", meta.num_actions),
                dtype: "float32",
                meaning: "one logit per action index (the actions list says what each is); \
                          the policy is the softmax over the legal actions only",
            },
            Port {
                name: VALUE,
                shape: ("batch", 1),
                dtype: "float32",
                meaning: "the value of the position for the player to move: +1 a win, -1 a loss",
            },
        ]
        .into_iter()
        .chain(meta.network.score_head.then_some(Port {
            name: SCORE,
            shape: ("batch", 1),
            dtype: "float32",
            meaning: "the game's final seed margin predicted for the player to move, as \
                      tanh(margin / score_scale) (score_scale: the sidecar's network)",
        }))
        .collect(),
    )
}

/// An exported ONNX model, loaded and optimized by tract for a fixed batch size.
#[derive(Debug)]
pub struct OnnxRunner {
    plan: Arc<TypedRunnableModel>,
    batch: usize,
    inputs: usize,
}

impl OnnxRunner {
    /// Loads the ONNX file at `path` for batches of `batch` positions of `inputs` values.
    ///
    /// # Errors
    /// [`ModelError::Weights`] when tract cannot read or plan the model.
    pub fn load(path: &Path, batch: usize, inputs: usize) -> Result<OnnxRunner, ModelError> {
        let err = |e: tract_onnx::prelude::TractError| ModelError::Weights {
            path: path.to_path_buf(),
            message: format!("{e:#}"),
        };
        let fact =
            tract_onnx::prelude::InferenceFact::dt_shape(f32::datum_type(), tvec!(batch, inputs));
        let plan = tract_onnx::onnx()
            .model_for_path(path)
            .and_then(|m| m.with_input_fact(0, fact))
            .and_then(InferenceModelExt::into_optimized)
            .and_then(|m| m.into_runnable())
            .map_err(err)?;
        Ok(OnnxRunner {
            plan,
            batch,
            inputs,
        })
    }

    /// Runs `features` (`[batch * inputs]`): returns the policy logits (`[batch * actions]`)
    /// and the values (`[batch]`).
    ///
    /// # Errors
    /// A message when tract fails.
    pub fn run(&self, features: &[f32]) -> Result<(Vec<f32>, Vec<f32>), String> {
        let (logits, values, _) = self.run_heads(features)?;
        Ok((logits, values))
    }

    /// [`OnnxRunner::run`] with the scores (`[batch]`) of a model with a score output.
    ///
    /// # Errors
    /// A message when tract fails.
    #[allow(clippy::type_complexity)]
    pub fn run_heads(
        &self,
        features: &[f32],
    ) -> Result<(Vec<f32>, Vec<f32>, Option<Vec<f32>>), String> {
        use tract_onnx::prelude::{IntoTValue, Tensor as TractTensor};
        let x = TractTensor::from_shape(&[self.batch, self.inputs], features)
            .map_err(|e| e.to_string())?;
        let out = self
            .plan
            .run(tvec!(x.into_tvalue()))
            .map_err(|e| e.to_string())?;
        let vec = |t: &TValue| -> Result<Vec<f32>, String> {
            Ok(t.to_plain_array_view::<f32>()
                .map_err(|e| e.to_string())?
                .iter()
                .copied()
                .collect())
        };
        let score = out.get(2).map(vec).transpose()?;
        Ok((vec(&out[0])?, vec(&out[1])?, score))
    }
}
